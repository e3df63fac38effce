import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { projects, users, workspaces } from '../tenancy/index.ts';

export const GIT_EVENT_KINDS = ['commit', 'merge'] as const;
export type GitEventKind = (typeof GIT_EVENT_KINDS)[number];

/**
 * A commit or merge a repository's git hook reported: evidence of work for Active Work, and an
 * audit entry when the workspace asks for one. The same commit (kind and hash) is kept once per
 * project, so a hook that runs twice records nothing new.
 */
export const gitEvents = pgTable(
  'git_events',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    kind: text('kind').$type<GitEventKind>().notNull(),
    sha: text('sha').notNull(),
    branch: text('branch').notNull(),
    /** The commit message, secrets masked. */
    message: text('message'),
    issueKeys: jsonb('issue_keys').$type<string[]>().notNull(),
    /** Who reported it (the API key's user). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** When it was made (the commit's time, as the hook read it), not when it arrived. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The `git.commit` / `git.merge` audit entry, when the workspace asked for one. */
    auditId: text('audit_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('git_events_commit_uq').on(t.projectId, t.kind, t.sha),
    index('git_events_project_idx').on(t.projectId, sql`${t.id} desc`),
  ],
);
export type GitEventRow = typeof gitEvents.$inferSelect;
