import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Append-only (a trigger rejects UPDATE, DELETE and TRUNCATE). Entries of one chain (a workspace,
 * or `server` for entries outside any workspace) are numbered by `seq` and linked by hashes; `seq`
 * is commit order within a chain (appends hold the chain head's row lock), so lists page by it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    workspaceId: text('workspace_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    actorUserId: text('actor_user_id'),
    systemActor: text('system_actor'),
    correlationId: text('correlation_id'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    unique('audit_log_chain_seq_uq').on(t.chain, t.seq),
    index('audit_log_chain_action_idx').on(t.chain, t.action.op('text_pattern_ops')),
    index('audit_log_chain_correlation_idx')
      .on(t.chain, t.correlationId)
      .where(sql`${t.correlationId} is not null`),
  ],
);

/** The newest entry of each chain; its row lock serialises appends to one chain. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash'),
});

/** Index of the access-change entries of audit_log, so every timeline filter runs on an index. */
export const accessEvents = pgTable(
  'access_events',
  {
    auditId: text('audit_id')
      .primaryKey()
      .references(() => auditLog.id),
    workspaceId: text('workspace_id').notNull(),
    /** The entry's position in its workspace chain: the timeline's order and cursor. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    projectKey: text('project_key'),
    targetUserId: text('target_user_id').notNull(),
    source: text('source').$type<AccessSource>().notNull(),
    change: text('change').$type<AccessChange>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('access_events_workspace_idx').on(t.workspaceId, t.seq),
    index('access_events_target_idx').on(t.workspaceId, t.targetUserId, t.seq),
    index('access_events_project_idx').on(t.workspaceId, t.projectKey, t.seq),
  ],
);

/** Who made an access change: a person, the code host, the identity provider, or ctxhub itself. */
export const ACCESS_SOURCES = ['manual', 'codehost', 'oidc', 'system'] as const;
export type AccessSource = (typeof ACCESS_SOURCES)[number];
export type AccessChange = 'add' | 'change' | 'remove';
export type AuditRow = typeof auditLog.$inferSelect;

/** Where an entry's explanation stands: asked for, written, or not to be had (with why). */
export const EXPLANATION_STATUSES = ['pending', 'done', 'failed'] as const;
export type ExplanationStatus = (typeof EXPLANATION_STATUSES)[number];

/**
 * A language model's plain-language explanation of an audit entry (the audit reasoner's), kept
 * beside the entry: the entry itself and its chain never change. `cache_key` digests the entry's
 * action and params, so an equal entry later reuses a done explanation instead of a new call.
 */
export const auditExplanations = pgTable(
  'audit_explanations',
  {
    /** The entry explained (no foreign key: audit_log refuses TRUNCATE by its trigger alone). */
    auditId: text('audit_id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    cacheKey: text('cache_key').notNull(),
    status: text('status').$type<ExplanationStatus>().notNull(),
    text: text('text'),
    model: text('model'),
    /** Why there is no explanation (status `failed`). */
    failure: text('failure'),
    /** Whether the text was reused from an equal entry's explanation (no call made). */
    cached: boolean('cached').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_explanations_cache_idx')
      .on(t.workspaceId, t.cacheKey)
      .where(sql`${t.status} = 'done'`),
  ],
);

export type ExplanationRow = typeof auditExplanations.$inferSelect;
