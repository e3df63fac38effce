import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import type { Claim } from '../db/process-claims.ts';
import { clipText } from '../clip-text.ts';
import { JobFailure } from './job-failure.ts';
import { retryDelayMs } from './retry-delay.ts';
import { jobs, type JobRow } from './table.ts';

export interface ClaimedJob {
  job: JobRow;
  claim: Claim;
}

/**
 * Claims the oldest due job of one of `kinds` for this process, or null: a queued job whose time
 * has come, or a running one whose claim is dead (its process crashed or was killed: the job runs
 * again at once, at least once in all). `FOR UPDATE SKIP LOCKED` lets several processes claim at
 * the same time without waiting on each other or taking the same job.
 */
export async function claimDueJob(ctx: Ctx, kinds: readonly string[]): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const claim = ctx.claims.begin();
  const now = ctx.now();
  const due = ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        lte(jobs.runAt, now),
        inArray(jobs.kind, [...kinds]),
        or(eq(jobs.status, 'queued'), ctx.claims.free(jobs.owner)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  try {
    const [job] = await ctx.db
      .update(jobs)
      .set({ status: 'running', owner: claim.owner, attempts: sql`${jobs.attempts} + 1`, updatedAt: now })
      .where(inArray(jobs.id, due))
      .returning();
    if (job) return { job, claim };
  } catch (err) {
    claim.end();
    throw err;
  }
  claim.end();
  return null;
}

/** The attempt succeeded: the job is done (if this claim still holds it). */
export async function finishJob(ctx: Ctx, { job, claim }: ClaimedJob): Promise<void> {
  const now = ctx.now();
  try {
    await ctx.db
      .update(jobs)
      .set({ status: 'succeeded', owner: null, updatedAt: now, finishedAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.owner, claim.owner)));
  } finally {
    claim.end();
  }
}

/**
 * The attempt failed with `err`: the job waits for its next attempt (the backoff, or the wait the
 * receiver asked for), or fails for good when no attempt is left or `err` is a final JobFailure.
 * Answers whether it failed for good.
 */
export async function failJob(ctx: Ctx, { job, claim }: ClaimedJob, err: unknown): Promise<boolean> {
  const now = ctx.now();
  const failure = err instanceof JobFailure ? err : undefined;
  const final = (failure?.final ?? false) || job.attempts >= job.maxAttempts;
  const message = clipText(err instanceof Error ? err.message : String(err), 2000);
  const wait = failure?.retryAfterMs ?? retryDelayMs(job.attempts, ctx.config.jobs.retry);
  try {
    await ctx.db
      .update(jobs)
      .set(
        final
          ? { status: 'failed', owner: null, lastError: message, updatedAt: now, finishedAt: now }
          : {
              status: 'queued',
              owner: null,
              lastError: message,
              updatedAt: now,
              runAt: new Date(now.getTime() + wait),
            },
      )
      .where(and(eq(jobs.id, job.id), eq(jobs.owner, claim.owner)));
  } finally {
    claim.end();
  }
  return final;
}
