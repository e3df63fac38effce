import type { Ctx } from '../context.ts';
import type { TaskLog } from '../periodic-task.ts';
import { claimDueJob, failJob, finishJob, type ClaimedJob } from './claim-job.ts';
import type { JobDefinition, JobPayload } from './define-job.ts';
import { JobFailure } from './job-failure.ts';

export interface JobRunnerOptions {
  /** The context jobs run in (a system actor); each job gets its id as request id. */
  ctx: Ctx;
  /** The kinds of job this runner claims and runs (the composition root's list). */
  jobs: readonly JobDefinition[];
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
  const { ctx, log } = options;
  const { concurrency, pollMs, attemptTimeoutMs } = ctx.config.jobs;
  const definitions = new Map(options.jobs.map((definition) => [definition.kind, definition]));
  const kinds = [...definitions.keys()];
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
    const definition = definitions.get(job.kind);
    const jobCtx: Ctx = { ...ctx, requestId: job.id, actor: { kind: 'system', name: `job:${job.kind}` } };
    let payload: JobPayload | undefined;
    try {
      if (!definition) throw new Error(`no handler for jobs of kind ${job.kind}`);
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) {
        throw new JobFailure(`the stored payload does not fit ${job.kind}: ${parsed.error.message}`, {
          final: true,
        });
      }
      payload = parsed.data;
      await definition.handle({
        payload: parsed.data,
        job,
        ctx: jobCtx,
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
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
      if (!final) return log.warn(fields, 'job attempt failed; it will be retried');
      log.error(fields, 'job failed for good (no attempt left, or the failure is final)');
      await definition
        ?.onFailed?.({ payload, job, ctx: jobCtx, error: err instanceof Error ? err.message : String(err) })
        .catch((hookErr: unknown) =>
          log.error({ err: hookErr, job_id: job.id }, "a failed job's onFailed step failed"),
        );
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
