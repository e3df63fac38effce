import { desc } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { MemoryType } from '../memories/index.ts';
import { projects, workspaces } from '../tenancy/index.ts';

export const IMPORT_STATUSES = ['uploaded', 'parsed', 'extracted', 'committed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type ImportStep = 'parse' | 'extract' | 'commit';
/** What may hold an import's claim: one of its steps, or its deletion. */
export const IMPORT_CLAIMS = ['parse', 'extract', 'commit', 'delete'] as const;
export type ImportClaim = (typeof IMPORT_CLAIMS)[number];
export type ImportStats = Record<string, number>;

/** What proposed a staged memory: the keyword rules, the language model (opt-in), or both. */
export const STAGED_PRODUCERS = ['rules', 'model', 'both'] as const;
export type StagedProducer = (typeof STAGED_PRODUCERS)[number];

export const imports = pgTable(
  'imports',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Where the upload is kept, relative to the import directory. */
    filePath: text('file_path').notNull(),
    status: text('status').$type<ImportStatus>().notNull(),
    stats: jsonb('stats').$type<ImportStats>().notNull().default({}),
    error: text('error'),
    /**
     * The step (or deletion) running now, claimed with a conditional update: since when, and by
     * which claim of which server process (a claim whose process is gone is free at once).
     */
    runningStep: text('running_step').$type<ImportClaim>(),
    runningSince: timestamp('running_since', { withTimezone: true }),
    runningOwner: text('running_owner'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('imports_workspace_recent_idx').on(t.workspaceId, desc(t.id))],
);

export const stagedMemories = pgTable(
  'staged_memories',
  {
    id: text('id').primaryKey(),
    importId: text('import_id')
      .notNull()
      .references(() => imports.id),
    rawMessageId: text('raw_message_id'),
    type: text('type').$type<MemoryType>().notNull(),
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    selected: boolean('selected').notNull().default(true),
    redactions: integer('redactions').notNull().default(0),
    /** What proposed it: the keyword rules, the language model, or both. */
    producer: text('producer').$type<StagedProducer>().notNull().default('rules'),
    /** The memory's metadata once committed (`cites`: the repository files its message names). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Set when committed: a staged memory becomes a memory exactly once. */
    memoryId: text('memory_id'),
    /** The time of the message it was extracted from: the memory's `occurred_at` when committed. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('staged_memories_dedupe_uq').on(t.importId, t.type, t.contentHash),
    index('staged_memories_import_idx').on(t.importId, t.id),
  ],
);

export type ImportRow = typeof imports.$inferSelect;
export type StagedMemoryRow = typeof stagedMemories.$inferSelect;
