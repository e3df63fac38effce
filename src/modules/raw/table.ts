import { desc, sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tsvector } from '../../platform/db/tsvector.ts';
import type { RawRole } from './roles.ts';
import { projects, workspaces } from '../tenancy/index.ts';

/** One transcript session; re-importing the same (project, source, source session id) updates it. */
export const rawSessions = pgTable(
  'raw_sessions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    source: text('source').notNull(),
    sourceSessionId: text('source_session_id').notNull(),
    title: text('title'),
    /** The import that last wrote this session's messages. */
    importId: text('import_id').notNull(),
    messageCount: integer('message_count').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('raw_sessions_source_uq').on(t.projectId, t.source, t.sourceSessionId),
    index('raw_sessions_import_idx').on(t.importId),
  ],
);

/** Size of a message's text that is indexed for search (a tsvector holds at most 1 MB). */
export const RAW_INDEXED_CHARS = 100_000;

export const rawMessages = pgTable(
  'raw_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => rawSessions.id),
    workspaceId: text('workspace_id').notNull(),
    projectId: text('project_id').notNull(),
    /** Position in the session (0-based); re-imports update messages in place by position. */
    seq: integer('seq').notNull(),
    role: text('role').$type<RawRole>().notNull(),
    content: text('content').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, left(content, 100000))`),
    /** When the message was written (from the transcript), else when it was imported. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('raw_messages_position_uq').on(t.sessionId, t.seq),
    index('raw_messages_project_recent_idx').on(t.projectId, desc(t.createdAt), desc(t.id)),
    index('raw_messages_search_idx').using('gin', t.search),
  ],
);

export type RawSessionRow = typeof rawSessions.$inferSelect;
export type RawMessageRow = typeof rawMessages.$inferSelect;

/** What a snippet is cut from: a message's identity and the indexed part of its text. */
export const snippetColumns = {
  id: rawMessages.id,
  sessionId: rawMessages.sessionId,
  role: rawMessages.role,
  createdAt: rawMessages.createdAt,
  text: sql<string>`left(${rawMessages.content}, ${RAW_INDEXED_CHARS})`,
};
