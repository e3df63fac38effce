import { desc, getTableColumns, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tsvector } from '../../platform/db/tsvector.ts';
import { projects } from '../projects/index.ts';
import { workspaces } from '../workspaces/index.ts';
import type { MemorySource, MemoryStatus, MemoryType } from './vocabulary.ts';

export type { MemorySource, MemoryStatus, MemoryType } from './vocabulary.ts';

export type MemoryMetadata = Record<string, unknown>;

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
    version: integer('version').notNull(),
    /** English stems (weight B) plus identifiers as written (weight A); see search-document.ts. */
    search: tsvector('search').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('memories_dedupe_uq').on(t.projectId, t.type, t.contentHash),
    index('memories_project_recent_idx').on(t.projectId, desc(t.createdAt), desc(t.id)),
    index('memories_project_type_recent_idx').on(t.projectId, t.type, desc(t.createdAt), desc(t.id)),
    // No pending list (ADR 0007): every search would scan it whole until the next vacuum.
    index('memories_search_idx').using('gin', t.search).with({ fastupdate: false }),
  ],
);

/** Every version of every memory, including the last one of a deleted memory. */
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
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memoryId, t.version] })],
);

/** Words seen in a project's memories: the typo-correction vocabulary (trigram index). */
export const memoryLexicon = pgTable(
  'memory_lexicon',
  {
    projectId: text('project_id').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.word] }),
    index('memory_lexicon_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** Every column but the search document, which only SQL reads (up to ~10 KB a row). */
const { search: _search, ...readColumns } = getTableColumns(memories);
export const memoryColumns = readColumns;
export type MemoryRow = Omit<typeof memories.$inferSelect, 'search'>;
export type MemoryVersionRow = typeof memoryVersions.$inferSelect;
