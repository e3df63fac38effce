import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `queued`: waiting for `run_at` (a first attempt, or the next after a failure); `running`: held
 * by a live claim (`owner`) of a server process; `succeeded`; `failed`: no attempt left, or a
 * failure no attempt can fix (the dead letter: it stays until someone retries it).
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Work that leaves the process (a chat delivery), written in the transaction of the change that
 * causes it and run after commit by the server's job runners (docs/adr/0015-background-jobs-table.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    /** What to run: the name of a handler the job runner knows. */
    kind: text('kind').notNull(),
    /** The workspace the job works for, when it works for one (lists and retries are scoped by it). */
    workspaceId: text('workspace_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    /** Attempts begun so far (a claim begins one). */
    attempts: integer('attempts').notNull().default(0),
    /** Once `attempts` reaches it, a failure is final. A retry by hand raises it. */
    maxAttempts: integer('max_attempts').notNull(),
    /** When it may run (next): claims take queued jobs whose time has come, oldest first. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** The claim running it: `<boot id>.<n>` of a server process (db/process-claims.ts). */
    owner: text('owner'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // What claims scan: only the unfinished jobs, in the order they are taken.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
