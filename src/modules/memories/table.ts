import { desc, getTableColumns, sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { MemoryFlag, MemorySource, MemoryStatus, MemoryType } from '../tenancy/index.ts';

export type { MemoryFlag, MemorySource, MemoryStatus, MemoryType } from '../tenancy/index.ts';

import { projects, workspaces } from '../tenancy/index.ts';
export type MemoryMetadata = Record<string, unknown>;
/** Why each flag a memory carries was set, in words (shown beside it for review). */
export type FlagNotes = Partial<Record<MemoryFlag, string>>;
const noStrings = sql`'{}'::text[]`;

export const memories = pgTable(
  'memories',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    type: text('type').$type<MemoryType>().notNull(),
    content: text('content').notNull(),
    /** sha256 of the normalized content: one memory per (project, type, normalized content). */
    contentHash: text('content_hash').notNull(),
    status: text('status').$type<MemoryStatus>().notNull(),
    source: text('source').$type<MemorySource>().notNull(),
    metadata: jsonb('metadata').$type<MemoryMetadata>().notNull().default({}),
    evidenceRef: text('evidence_ref'),
    createdBy: text('created_by'),
    /** The newer memory that replaced this one (status `superseded`). */
    supersededBy: text('superseded_by'),
    /** The memories this one replaced when it was written (each has `superseded_by` = this id). */
    supersedes: text('supersedes').array().notNull().default(noStrings),
    flags: text('flags').array().$type<MemoryFlag[]>().notNull().default(noStrings),
    flagNotes: jsonb('flag_notes').$type<FlagNotes>().notNull().default({}),
    /** A review date a person set: past it, the memory is stale until a person moves or clears it. */
    reviewAfter: timestamp('review_after', { withTimezone: true }),
    /**
     * When the memory's review clock last started: written, used in a bundle, or confirmed by a
     * person. With the workspace's `review_after_days` for its type, it says when it becomes stale.
     */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull(),
    /** When what the memory says happened (an imported message's time); recall's recency uses it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('memories_dedupe_uq').on(t.projectId, t.type, t.contentHash),
    index('memories_project_recent_idx').on(t.projectId, desc(t.createdAt), desc(t.id)),
    index('memories_project_type_occurred_idx').on(t.projectId, t.type, desc(t.occurredAt), desc(t.id)),
    // What the review sweep walks: memories by type and clock, and those with a review date.
    index('memories_review_clock_idx').on(t.workspaceId, t.type, t.reviewedAt),
    index('memories_review_after_idx')
      .on(t.reviewAfter)
      .where(sql`${t.reviewAfter} is not null`),
    index('memories_stale_idx')
      .on(t.workspaceId)
      .where(sql`'stale' = any(${t.flags})`),
  ],
);

/** A 64-bit transaction id (`xid8`), read and compared in SQL only. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Every version of every memory, including the last one of a deleted memory. `xid` (the writing
 * transaction) lets each process's recall index find what changed since it last looked
 * (recall-index/index-sync.ts).
 */
export const memoryVersions = pgTable(
  'memory_versions',
  {
    memoryId: text('memory_id').notNull(),
    version: integer('version').notNull(),
    workspaceId: text('workspace_id').notNull(),
    projectId: text('project_id').notNull(),
    change: text('change').$type<'created' | 'updated' | 'deleted'>().notNull(),
    type: text('type').$type<MemoryType>().notNull(),
    content: text('content').notNull(),
    status: text('status').$type<MemoryStatus>().notNull(),
    source: text('source').$type<MemorySource>().notNull(),
    metadata: jsonb('metadata').$type<MemoryMetadata>().notNull(),
    evidenceRef: text('evidence_ref'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    supersededBy: text('superseded_by'),
    supersedes: text('supersedes').array().notNull().default(noStrings),
    flags: text('flags').array().$type<MemoryFlag[]>().notNull().default(noStrings),
    reviewAfter: timestamp('review_after', { withTimezone: true }),
    /** Why this version was written, when not by an edit: superseded, marked stale, citation missing ... */
    reason: text('reason'),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.version] }),
    index('memory_versions_project_xid_idx').on(t.projectId, t.xid),
  ],
);

/** Every column of a memory, as reads select them. */
export const memoryColumns = getTableColumns(memories);
export type MemoryRow = typeof memories.$inferSelect;
export type MemoryVersionRow = typeof memoryVersions.$inferSelect;
