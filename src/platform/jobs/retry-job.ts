import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { JOBS_CHANNEL } from './enqueue-job.ts';
import { jobs, type JobRow } from './table.ts';

/**
 * A failed job queued again now, with a new round of `config.jobs.maxAttempts` attempts (its
 * attempts so far stay counted). Null when it is not failed (nothing changed). Runs in `ctx`'s
 * transaction; its commit wakes the runners.
 */
export async function retryFailedJob(ctx: Ctx, id: string): Promise<JobRow | null> {
  const now = ctx.now();
  const [job] = await ctx.db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: now,
      owner: null,
      finishedAt: null,
      updatedAt: now,
      maxAttempts: sql`${jobs.attempts} + ${ctx.config.jobs.maxAttempts}`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  if (job) await ctx.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return job ?? null;
}
