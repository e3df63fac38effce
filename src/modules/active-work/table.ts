import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { projects, users, workspaces } from '../tenancy/index.ts';

export const ITEM_STATUSES = ['active', 'stale', 'confirmed', 'closed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const EVENT_TYPES = [
  'created',
  'updated',
  'stale_marked',
  'stale_cleared',
  'confirmed',
  'closed',
  'reopened',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVIDENCE_KINDS = ['memory', 'import', 'ci', 'git', 'codehost'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * A piece of work going on in a project, inferred from evidence (active_work and activity
 * memories, imported sessions, CI and git events) or set by hand. `terms`, `branch` and
 * `issueKeys` are what new evidence is matched on (docs/active-work.md); `confidence` is derived
 * from the kinds of evidence seen (`confidenceParts`).
 */
export const activeWorkItems = pgTable(
  'active_work_items',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    title: text('title').notNull(),
    status: text('status').$type<ItemStatus>().notNull(),
    /** A person closed it: inference records new evidence but never reopens it. */
    closedByHand: boolean('closed_by_hand').notNull().default(false),
    confidence: real('confidence').notNull(),
    /** The weight each kind of evidence seen contributes (confidence = 1 - product of 1 - weight). */
    confidenceParts: jsonb('confidence_parts').$type<Partial<Record<EvidenceKind, number>>>().notNull(),
    subpath: text('subpath'),
    branch: text('branch'),
    issueKeys: jsonb('issue_keys').$type<string[]>().notNull(),
    terms: jsonb('terms').$type<string[]>().notNull(),
    /** Users the evidence comes from, first seen first. */
    people: jsonb('people').$type<string[]>().notNull(),
    evidenceCount: integer('evidence_count').notNull(),
    firstEvidenceAt: timestamp('first_evidence_at', { withTimezone: true }).notNull(),
    lastEvidenceAt: timestamp('last_evidence_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('active_work_items_project_idx').on(t.projectId, t.status, t.lastEvidenceAt),
    index('active_work_items_stale_idx').on(t.status, t.lastEvidenceAt),
    // Candidates for new evidence are found by shared terms or issue keys (`?|`).
    index('active_work_items_terms_idx').using('gin', t.terms),
    index('active_work_items_issue_keys_idx').using('gin', t.issueKeys),
  ],
);
export type ItemRow = typeof activeWorkItems.$inferSelect;

/**
 * Each piece of evidence an item rests on, once per project: the same evidence twice is refused by
 * the database, which makes inference idempotent.
 */
export const activeWorkEvidence = pgTable(
  'active_work_evidence',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => activeWorkItems.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    kind: text('kind').$type<EvidenceKind>().notNull(),
    /** What it is: `memory:<id>`, `audit:<id>` (a CI run), `git_event:<id>`, `codehost:<delivery>`. */
    ref: text('ref').notNull(),
    /** A short line for people (a memory's first line, a commit's subject). */
    summary: text('summary').notNull(),
    /** Where people can see it (a pull request's page), when it has an address. */
    url: text('url'),
    userId: text('user_id').references(() => users.id),
    /** When it happened (a memory's occurred_at, a CI or git event's time), not when it arrived. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('active_work_evidence_ref_uq').on(t.projectId, t.ref),
    index('active_work_evidence_item_idx').on(t.itemId, t.occurredAt),
  ],
);
export type EvidenceRow = typeof activeWorkEvidence.$inferSelect;

/** Every transition of an item, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const activeWorkEvents = pgTable(
  'active_work_events',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => activeWorkItems.id),
    workspaceId: text('workspace_id').notNull(),
    projectId: text('project_id').notNull(),
    type: text('type').$type<EventType>().notNull(),
    prevStatus: text('prev_status').$type<ItemStatus>(),
    nextStatus: text('next_status').$type<ItemStatus>().notNull(),
    actorUserId: text('actor_user_id'),
    /** `inference` or `sweep` when no person acted. */
    systemActor: text('system_actor'),
    reason: text('reason'),
    /** Why: the evidence, the rule that matched it, the confidence before and after. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    correlationId: text('correlation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('active_work_events_project_idx').on(t.projectId, sql`${t.id} desc`),
    index('active_work_events_item_idx').on(t.itemId, t.id),
  ],
);
export type EventRow = typeof activeWorkEvents.$inferSelect;
