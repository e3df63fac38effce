import { sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { newId } from '../ids.ts';
import type { JobDefinition, JobPayload } from './define-job.ts';
import { jobs, type JobRow } from './table.ts';

/** The channel a commit that enqueued jobs notifies; job runners listen on it. */
export const JOBS_CHANNEL = 'ctxhub_jobs';

export interface JobInput<P extends JobPayload> {
  /** Given when the caller must know it before the insert (e.g. to point a row of its own at it). */
  id?: string;
  payload: P;
  workspaceId?: string | null;
  /** Attempts before a failure is final (default: the server's SERVICE_JOBS_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Not before (default: now). */
  runAt?: Date;
}

/**
 * Enqueues jobs of one kind in `ctx`'s transaction: they exist (and run) only if it commits, and
 * the commit wakes the job runners of every server process (a NOTIFY is delivered at commit, never
 * before). Each payload is checked against the kind's schema first: a wrong one fails the change
 * that enqueues it, never a job later. With `skipExisting`, a job whose id is taken already (a
 * schedule's job queued by another process) is left out, not an error.
 */
export async function enqueueJobs<P extends JobPayload>(
  ctx: Ctx,
  definition: JobDefinition<P>,
  inputs: readonly JobInput<P>[],
  options: { skipExisting?: boolean } = {},
): Promise<JobRow[]> {
  if (inputs.length === 0) return [];
  const now = ctx.now();
  const insert = ctx.db.insert(jobs).values(
    inputs.map((input) => ({
      id: input.id ?? newId('job'),
      kind: definition.kind,
      workspaceId: input.workspaceId ?? null,
      payload: storedPayload(definition, input.payload),
      status: 'queued' as const,
      attempts: 0,
      maxAttempts: input.maxAttempts ?? ctx.config.jobs.maxAttempts,
      runAt: input.runAt ?? now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const rows = await (
    options.skipExisting ? insert.onConflictDoNothing({ target: jobs.id }) : insert
  ).returning();
  await ctx.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return rows;
}

/** The payload as stored: checked against the kind's schema (an internal error when it does not fit). */
function storedPayload<P extends JobPayload>(definition: JobDefinition<P>, payload: P): P {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    throw new Error(
      `internal error: a ${definition.kind} job's payload does not fit its schema: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
