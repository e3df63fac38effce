import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../../tenancy/index.ts';

/**
 * A workspace's use of the language model in one clock hour (UTC): calls started (the hourly cap
 * counts these), calls that failed, and the tokens the provider reported.
 */
export const modelUsage = pgTable(
  'model_usage',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull(),
    failures: integer('failures').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hour] })],
);
