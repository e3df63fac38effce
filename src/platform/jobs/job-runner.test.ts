import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../../config/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { TestClock } from '../../test/harness.ts';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { enqueueJobs, JOBS_CHANNEL } from './enqueue-job.ts';
import { defineJob, type JobDefinition } from './define-job.ts';
import { JobFailure } from './job-failure.ts';
import { startJobRunner, type JobRunner } from './job-runner.ts';
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

/** A runner of `definitions` that listens for commits, as the server's does. */
function runner(...definitions: JobDefinition[]): JobRunner {
  return startJobRunner({
    ctx,
    jobs: definitions,
    log: silent,
    listen: (notify) => database.listen(JOBS_CHANNEL, notify),
  });
}

/** A kind of job whose payload may hold a number `n`. */
const numbered = (kind: string, handle: JobDefinition<{ n?: number }>['handle'], more = {}) =>
  defineJob({ kind, payload: z.strictObject({ n: z.number().optional() }), handle, ...more });

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
    const note = numbered('note', async ({ payload }) => void seen.push(String(payload.n)));
    const jobRunner = runner(note);
    await jobRunner.idle();
    const [kept] = await inTransaction(ctx, (tx) => enqueueJobs(tx, note, [{ payload: { n: 1 } }]));
    await expect(
      inTransaction(ctx, async (tx) => {
        await enqueueJobs(tx, note, [{ payload: { n: 2 } }]);
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
    const early = numbered('early', async ({ payload }) => void seen.push(String(payload.n)));
    const jobRunner = startJobRunner({
      ctx,
      jobs: [early],
      log: silent,
      // Listening starts only when the test says so; its notifications never come.
      listen: () => new Promise((resolve) => (listening = () => resolve(async () => {}))),
    });
    await jobRunner.idle();
    await inTransaction(ctx, (tx) => enqueueJobs(tx, early, [{ payload: { n: 7 } }]));
    await jobRunner.idle();
    expect(seen).toEqual([]); // committed after the first claim, notified to no one
    listening();
    await eventually(() => seen.length === 1);
    await jobRunner.stop();
    expect(seen).toEqual(['7']);
  });

  it('retries a failed attempt after a growing, jittered wait, and fails for good after the last', async () => {
    let calls = 0;
    const flaky = numbered('flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const jobRunner = runner(flaky);
    const [job] = await enqueueJobs(ctx, flaky, [{ payload: {} }]);
    await eventually(() => calls === 1);
    await jobRunner.idle();
    const first = await row(job!.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1', owner: null });
    // Measured from the failure (updatedAt), not from now: a slow machine takes time in between.
    const wait1 = first.runAt.getTime() - first.updatedAt.getTime();
    const base = ctx.config.jobs.retry.baseMs;
    expect(wait1).toBeGreaterThanOrEqual(base / 2);
    expect(wait1).toBeLessThanOrEqual(base);

    // Not due yet: nothing runs.
    jobRunner.wake();
    await jobRunner.idle();
    expect(calls).toBe(1);

    clock.advance(base + 1);
    jobRunner.wake();
    await eventually(() => calls === 2);
    await jobRunner.idle();
    const second = await row(job!.id);
    const wait2 = second.runAt.getTime() - second.updatedAt.getTime();
    expect(wait2).toBeGreaterThanOrEqual(base);
    expect(wait2).toBeLessThanOrEqual(2 * base);

    clock.advance(2 * base + 1);
    jobRunner.wake();
    await eventually(() => calls === 3);
    await jobRunner.idle();
    await jobRunner.stop();
    expect(await row(job!.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect((await row(job!.id)).finishedAt).not.toBeNull();
  });

  it('fails at once on a final failure, and waits as long as the receiver asked', async () => {
    const refusedJob = numbered('refused', async () => {
      throw new JobFailure('channel_not_found', { final: true });
    });
    const busyJob = numbered('busy', async () => {
      throw new JobFailure('rate limited', { retryAfterMs: 42_000 });
    });
    const jobRunner = runner(refusedJob, busyJob);
    const [refused] = await enqueueJobs(ctx, refusedJob, [{ payload: {} }]);
    const [busy] = await enqueueJobs(ctx, busyJob, [{ payload: {} }]);
    await eventually(async () => (await row(refused!.id)).status === 'failed');
    await eventually(async () => (await row(busy!.id)).attempts === 1);
    await jobRunner.idle();
    await jobRunner.stop();
    expect(await row(refused!.id)).toMatchObject({ attempts: 1, lastError: 'channel_not_found' });
    const waiting = await row(busy!.id);
    expect(waiting.status).toBe('queued');
    expect(waiting.runAt.getTime() - waiting.updatedAt.getTime()).toBe(42_000);
  });

  it('runs again at once a job whose process died while running it', async () => {
    let ran = 0;
    const orphan = numbered('orphan', async () => void (ran += 1));
    const [job] = await enqueueJobs(ctx, orphan, [{ payload: {} }]);
    // As a process that crashed leaves it: running, held by a claim of a boot that is gone.
    await ctx.db
      .update(jobs)
      .set({ status: 'running', owner: 'f00dfeedf00dfeedf00dfeedf00dfeed.1', attempts: 1 })
      .where(eq(jobs.id, job!.id));
    const jobRunner = runner(orphan);
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
    const slow = numbered('slow', async ({ payload }) => {
      count(payload.n);
      active += 1;
      peak = Math.max(peak, active);
      await gate;
      active -= 1;
    });
    const jobRunner = runner(slow);
    const queued = await enqueueJobs(
      ctx,
      slow,
      Array.from({ length: limit + 3 }, (_, n) => ({ payload: { n } })),
    );
    await eventually(() => active === limit);
    // A second runner (another process would do the same) finds only held jobs and queued ones.
    const other = runner({ ...slow, handle: async ({ payload }) => void count(payload.n) });
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

  it('refuses to enqueue a payload that does not fit its kind: the change that enqueues fails', async () => {
    const note = numbered('typed', async () => {});
    await expect(
      inTransaction(ctx, (tx) =>
        enqueueJobs(tx, note, [{ payload: { n: 'one' } as unknown as { n: number } }]),
      ),
    ).rejects.toThrow(/typed job's payload does not fit its schema/);
    expect((await ctx.db.select().from(jobs).where(eq(jobs.kind, 'typed'))).length).toBe(0);
  });

  it('fails a job for good, without running it, when its stored payload no longer fits; onFailed hears it once', async () => {
    let ran = 0;
    const heard: Array<{ payload: unknown; error: string }> = [];
    const strict = numbered('strict', async () => void (ran += 1), {
      onFailed: async ({ payload, error }: { payload: unknown; error: string }) =>
        void heard.push({ payload, error }),
    });
    const [job] = await enqueueJobs(ctx, strict, [{ payload: { n: 1 } }]);
    // As a payload written by an older version would sit in the table.
    await ctx.db
      .update(jobs)
      .set({ payload: { n: 'one' } })
      .where(eq(jobs.id, job!.id));
    const jobRunner = runner(strict);
    await eventually(async () => (await row(job!.id)).status === 'failed');
    await jobRunner.idle();
    await jobRunner.stop();
    expect(ran).toBe(0);
    expect((await row(job!.id)).attempts).toBe(1);
    expect((await row(job!.id)).lastError).toMatch(/stored payload does not fit strict/);
    expect(heard).toEqual([{ payload: undefined, error: expect.stringMatching(/does not fit strict/) }]);
  });

  it('calls onFailed with the payload once a job fails for good, not after a failure it retries', async () => {
    const heard: Array<{ payload: unknown; error: string }> = [];
    const onFailed = async ({ payload, error }: { payload: unknown; error: string }) =>
      void heard.push({ payload, error });
    const once = numbered(
      'once',
      async ({ payload }) => {
        throw new JobFailure(`refused ${payload.n}`, { final: payload.n === 1 });
      },
      { onFailed },
    );
    const jobRunner = runner(once);
    const [final] = await enqueueJobs(ctx, once, [{ payload: { n: 1 } }]);
    const [retried] = await enqueueJobs(ctx, once, [{ payload: { n: 2 } }]);
    await eventually(async () => (await row(final!.id)).status === 'failed');
    await eventually(async () => (await row(retried!.id)).attempts === 1);
    await jobRunner.idle();
    await jobRunner.stop();
    expect((await row(retried!.id)).status).toBe('queued');
    expect(heard).toEqual([{ payload: { n: 1 }, error: 'refused 1' }]);
  });
});
