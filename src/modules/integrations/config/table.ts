import { boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Provider } from '../../../config/index.ts';
import { users, workspaces } from '../../tenancy/index.ts';

/**
 * A workspace's saved configuration of one provider: its non-secret fields as given, and its
 * secret fields sealed together (platform/secret-box.ts, context `<workspace id>:<provider>`).
 */
export const integrationConfigs = pgTable(
  'integration_configs',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    provider: text('provider').$type<Provider>().notNull(),
    enabled: boolean('enabled').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    /** The secret fields as one sealed JSON object, or null when none is stored. */
    sealedSecrets: text('sealed_secrets'),
    updatedBy: text('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

export type IntegrationConfigRow = typeof integrationConfigs.$inferSelect;
