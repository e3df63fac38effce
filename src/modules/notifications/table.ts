import { desc } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jobs } from '../../platform/jobs/table.ts';
import type { Severity } from '../integrations/index.ts';
import { workspaces } from '../tenancy/index.ts';

/** Where deliveries go. Chat now; the outbound policies name the others a delivery may take later. */
export const DELIVERY_INTEGRATIONS = ['chat'] as const;
export type DeliveryIntegration = (typeof DELIVERY_INTEGRATIONS)[number];

/**
 * One audit entry on its way to one channel: what was decided when the entry was written (the
 * channel, the severity). Its progress (status, attempts, last error, next attempt) is its job's.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    jobId: text('job_id')
      .notNull()
      .unique()
      .references(() => jobs.id),
    auditId: text('audit_id').notNull(),
    integration: text('integration').$type<DeliveryIntegration>().notNull(),
    action: text('action').notNull(),
    /** The channel the message names; null: the webhook's own channel. */
    channel: text('channel'),
    severity: text('severity').$type<Severity>().notNull(),
    /** What the receiver answered to the attempt that delivered it. */
    answer: text('answer'),
    /**
     * The audit reasoner's part in the message that was sent: `included`, or `left_out` with why
     * in `explanation_note`; null when no explanation was asked for (or nothing was sent yet).
     */
    explanation: text('explanation').$type<'included' | 'left_out'>(),
    explanationNote: text('explanation_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deliveries_workspace_recent_idx').on(t.workspaceId, desc(t.id))],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
