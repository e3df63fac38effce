import type { Ctx } from '../context.ts';
import type { TaskLog } from '../periodic-task.ts';
import { claimDueJob, failJob, finishJob, type ClaimedJob } from './claim-job.ts';
import type { JobRow } from './table.ts';

/** Runs one attempt of a job; throws (a JobFailure to say more) when the attempt failed. */
export type JobHandler = (run: { job: JobRow; ctx: Ctx; signal: AbortSignal }) => Promise<void>;

export interface JobRunnerOptions {
  /** The context jobs run in (a system actor); each job gets its id as request id. */
  ctx: Ctx;
  handlers: Record<string, JobHandler>;
  log: TaskLog & { warn(obj: object, msg: string): void };
  /** Subscribes to commits that enqueued jobs (LISTEN); answers the unsubscribe. */
  listen?: (onNotify: () => void) => Promise<() => Promise<void>>;
}

export interface JobRunner {
  /** Claims due jobs now (as a notification does). */
  wake(): void;
  /** Resolves once nothing runs and nothing is being claimed (tests wait for a quiet runner). */
  idle(): Promise<void>;
  /**
   * Stops claiming; resolves once the attempts in progress have ended (each is bounded by
   * `attemptTimeoutMs`, and the server's shutdown timeout bounds them all).
   */
  stop(): Promise<void>;
}

/**
 * A process's job runner: up to `config.jobs.concurrency` attempts at a time, claiming when a
 * commit enqueued jobs (notified), every `config.jobs.pollMs` (retries coming due, jobs of a
 * process that died), and whenever an attempt ends. At least once: an attempt cut short by a crash
 * runs again; handlers make repeats harmless or rare.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { ctx, handlers, log } = options;
  const { concurrency, pollMs, attemptTimeoutMs } = ctx.config.jobs;
  const kinds = Object.keys(handlers);
  const running = new Set<Promise<void>>();
  let pumping: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const settleIdle = () => {
    if (pumping || running.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  const attempt = async (claimed: ClaimedJob) => {
    const { job } = claimed;
    const handler = handlers[job.kind];
    const jobCtx: Ctx = { ...ctx, requestId: job.id, actor: { kind: 'system', name: `job:${job.kind}` } };
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler({ job, ctx: jobCtx, signal: AbortSignal.timeout(attemptTimeoutMs) });
      await finishJob(ctx, claimed);
    } catch (err) {
      const final = await failJob(ctx, claimed, err).catch((saveErr: unknown) => {
        log.error(
          { err: saveErr, job_id: job.id },
          'a job attempt failed and its failure could not be saved',
        );
        return false;
      });
      const fields = { job_id: job.id, kind: job.kind, attempt: job.attempts, err };
      if (final) log.error(fields, 'job failed for good (no attempt left, or the failure is final)');
      else log.warn(fields, 'job attempt failed; it will be retried');
    }
  };

  const claimWhileFree = async () => {
    do {
      again = false;
      while (!stopped && running.size < concurrency) {
        const claimed = await claimDueJob(ctx, kinds);
        if (!claimed) break;
        const run: Promise<void> = attempt(claimed).finally(() => {
          running.delete(run);
          pump();
        });
        running.add(run);
      }
    } while (again && !stopped);
  };

  const pump = () => {
    if (stopped) return settleIdle();
    if (pumping) {
      again = true;
      return;
    }
    pumping = claimWhileFree()
      .catch((err: unknown) => log.error({ err }, 'claiming jobs failed; trying again shortly'))
      .finally(() => {
        pumping = undefined;
        settleIdle();
      });
  };

  const timer = setInterval(pump, pollMs);
  timer.unref();
  // Claimed once now, and once more when listening starts: a job committed in between notified
  // no one, and would otherwise wait for the next poll.
  const unlisten = options.listen?.(pump).then(
    (stopListening) => {
      pump();
      return stopListening;
    },
    (err: unknown) => {
      log.error({ err }, 'could not listen for new jobs; polling only');
      return undefined;
    },
  );
  pump();

  return {
    wake: pump,
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleIdle();
      }),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await (
        await unlisten
      )?.();
      await pumping;
      await Promise.allSettled([...running]);
    },
  };
}
