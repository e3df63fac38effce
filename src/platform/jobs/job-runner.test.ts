import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { TestClock } from '../../test/harness.ts';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { enqueueJobs, JOBS_CHANNEL } from './enqueue-job.ts';
import { JobFailure } from './job-failure.ts';
import { startJobRunner, type JobHandler, type JobRunner } from './job-runner.ts';
import { jobs } from './table.ts';

/**
 * The job runner on the configured engine: a job runs once its transaction commits, failures are
 * retried after a backoff (moved through with a test clock, not slept), the last attempt and a final
 * failure leave it failed, a receiver's Retry-After is kept, and a job held by a dead process runs
 * again at once.
 */
let database: TestDatabase;
const clock = new TestClock();
let ctx: Ctx;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  ctx = {
    actor: { kind: 'system', name: 'test' },
    requestId: 'test',
    db: database.db,
    config: { ...config, jobs: { ...config.jobs, maxAttempts: 3, pollMs: 60_000 } },
    now: clock.now,
    claims: database.claims,
  };
});
afterAll(() => database.close());

const row = async (id: string) =>
  (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0] ?? expect.fail(`job ${id} is gone`);

/** A runner of `handlers` that listens for commits, as the server's does. */
function runner(handlers: Record<string, JobHandler>): JobRunner {
  return startJobRunner({
    ctx,
    handlers,
    log: silent,
    listen: (notify) => database.listen(JOBS_CHANNEL, notify),
  });
}

/** Waits (at most 10 s) until `probe` holds. */
async function eventually(probe: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('job runner', () => {
  it('runs a job once its transaction commits, woken by the commit, never one rolled back', async () => {
    const seen: string[] = [];
    const jobRunner = runner({ note: async ({ job }) => void seen.push(String(job.payload.n)) });
    await jobRunner.idle();
    const [kept] = await inTransaction(ctx, (tx) => enqueueJobs(tx, [{ kind: 'note', payload: { n: 1 } }]));
    await expect(
      inTransaction(ctx, async (tx) => {
        await enqueueJobs(tx, [{ kind: 'note', payload: { n: 2 } }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // No poll is due for a minute: only the commit's notification can have started it.
    await eventually(async () => (await row(kept!.id)).status === 'succeeded');
    await jobRunner.stop();
    expect(seen).toEqual(['1']);
    expect(await row(kept!.id)).toMatchObject({ attempts: 1, owner: null, lastError: null });
    expect(
      (
        await ctx.db
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'n' = '2'`)
      ).length,
    ).toBe(0);
  });

  it('claims again once listening starts: a job committed before that runs without waiting for a poll', async () => {
    const seen: string[] = [];
    let listening = () => {};
    const jobRunner = startJobRunner({
      ctx,
      handlers: { early: async ({ job }) => void seen.push(String(job.payload.n)) },
      log: silent,
      // Listening starts only when the test says so; its notifications never come.
      listen: () => new Promise((resolve) => (listening = () => resolve(async () => {}))),
    });
    await jobRunner.idle();
    await inTransaction(ctx, (tx) => enqueueJobs(tx, [{ kind: 'early', payload: { n: 7 } }]));
    await jobRunner.idle();
    expect(seen).toEqual([]); // committed after the first claim, notified to no one
    listening();
    await eventually(() => seen.length === 1);
    await jobRunner.stop();
    expect(seen).toEqual(['7']);
  });

  it('retries a failed attempt after a growing, jittered wait, and fails for good after the last', async () => {
    let calls = 0;
    const jobRunner = runner({
      flaky: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    });
    const [job] = await enqueueJobs(ctx, [{ kind: 'flaky', payload: {} }]);
    await eventually(() => calls === 1);
    await jobRunner.idle();
    const first = await row(job!.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1', owner: null });
    const wait1 = first.runAt.getTime() - clock.now().getTime();
    const base = ctx.config.jobs.retry.baseMs;
    expect(wait1).toBeGreaterThanOrEqual(base / 2 - 50);
    expect(wait1).toBeLessThanOrEqual(base + 50);

    // Not due yet: nothing runs.
    jobRunner.wake();
    await jobRunner.idle();
    expect(calls).toBe(1);

    clock.advance(base + 1);
    jobRunner.wake();
    await eventually(() => calls === 2);
    await jobRunner.idle();
    const second = await row(job!.id);
    const wait2 = second.runAt.getTime() - clock.now().getTime();
    expect(wait2).toBeGreaterThanOrEqual(base - 50);
    expect(wait2).toBeLessThanOrEqual(2 * base + 50);

    clock.advance(2 * base + 1);
    jobRunner.wake();
    await eventually(() => calls === 3);
    await jobRunner.idle();
    await jobRunner.stop();
    expect(await row(job!.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect((await row(job!.id)).finishedAt).not.toBeNull();
  });

  it('fails at once on a final failure, and waits as long as the receiver asked', async () => {
    const jobRunner = runner({
      refused: async () => {
        throw new JobFailure('channel_not_found', { final: true });
      },
      busy: async () => {
        throw new JobFailure('rate limited', { retryAfterMs: 42_000 });
      },
    });
    const [refused, busy] = await enqueueJobs(ctx, [
      { kind: 'refused', payload: {} },
      { kind: 'busy', payload: {} },
    ]);
    await eventually(async () => (await row(refused!.id)).status === 'failed');
    await eventually(async () => (await row(busy!.id)).attempts === 1);
    await jobRunner.idle();
    await jobRunner.stop();
    expect(await row(refused!.id)).toMatchObject({ attempts: 1, lastError: 'channel_not_found' });
    const waiting = await row(busy!.id);
    expect(waiting.status).toBe('queued');
    expect(waiting.runAt.getTime() - clock.now().getTime()).toBeGreaterThan(41_000);
  });

  it('runs again at once a job whose process died while running it', async () => {
    const [job] = await enqueueJobs(ctx, [{ kind: 'orphan', payload: {} }]);
    // As a process that crashed leaves it: running, held by a claim of a boot that is gone.
    await ctx.db
      .update(jobs)
      .set({ status: 'running', owner: 'f00dfeedf00dfeedf00dfeedf00dfeed.1', attempts: 1 })
      .where(eq(jobs.id, job!.id));
    let ran = 0;
    const jobRunner = runner({ orphan: async () => void (ran += 1) });
    await eventually(async () => (await row(job!.id)).status === 'succeeded');
    await jobRunner.stop();
    expect(ran).toBe(1);
    expect((await row(job!.id)).attempts).toBe(2);
  });

  it('never takes a job a live claim holds, and runs at most `concurrency` at once', async () => {
    const limit = ctx.config.jobs.concurrency;
    let active = 0;
    let peak = 0;
    const runs = new Map<unknown, number>();
    const count = (i: unknown) => runs.set(i, (runs.get(i) ?? 0) + 1);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const jobRunner = runner({
      slow: async ({ job }) => {
        count(job.payload.i);
        active += 1;
        peak = Math.max(peak, active);
        await gate;
        active -= 1;
      },
    });
    const queued = await enqueueJobs(
      ctx,
      Array.from({ length: limit + 3 }, (_, i) => ({ kind: 'slow', payload: { i } })),
    );
    await eventually(() => active === limit);
    // A second runner (another process would do the same) finds only held jobs and queued ones.
    const other = runner({ slow: async ({ job }) => void count(job.payload.i) });
    await other.idle();
    await other.stop();
    release();
    await eventually(async () => {
      const rows = await Promise.all(queued.map((q) => row(q.id)));
      return rows.every((r) => r.status === 'succeeded');
    });
    await jobRunner.stop();
    expect(peak).toBe(limit);
    expect([...runs.values()]).toEqual(queued.map(() => 1));
  });
});
