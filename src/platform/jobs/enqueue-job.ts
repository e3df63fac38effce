import { sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { newId } from '../ids.ts';
import { jobs, type JobRow } from './table.ts';

/** The channel a commit that enqueued jobs notifies; job runners listen on it. */
export const JOBS_CHANNEL = 'ctxhub_jobs';

export interface JobInput {
  /** Given when the caller must know it before the insert (e.g. to point a row of its own at it). */
  id?: string;
  kind: string;
  payload: Record<string, unknown>;
  workspaceId?: string | null;
  /** Attempts before a failure is final (default: the server's SERVICE_JOBS_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Not before (default: now). */
  runAt?: Date;
}

/**
 * Enqueues jobs in `ctx`'s transaction: they exist (and run) only if it commits, and the commit
 * wakes the job runners of every server process (a NOTIFY is delivered at commit, never before).
 */
export async function enqueueJobs(ctx: Ctx, inputs: JobInput[]): Promise<JobRow[]> {
  if (inputs.length === 0) return [];
  const now = ctx.now();
  const rows = await ctx.db
    .insert(jobs)
    .values(
      inputs.map((input) => ({
        id: input.id ?? newId('job'),
        kind: input.kind,
        workspaceId: input.workspaceId ?? null,
        payload: input.payload,
        status: 'queued' as const,
        attempts: 0,
        maxAttempts: input.maxAttempts ?? ctx.config.jobs.maxAttempts,
        runAt: input.runAt ?? now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  await ctx.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return rows;
}
