/** Where a scheduled task reports (pino's logger fits). */
export interface TaskLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs `task` every `intervalMs` (and once at once when `runAtStart`), never two runs at a time:
 * a run still going when the next is due makes that one skip. The returned stop function resolves
 * once a run in progress has finished, so shutdown never closes the database under a task.
 * A failing run is given to `onError`; the schedule goes on.
 */
export function schedulePeriodic(
  task: () => Promise<void>,
  options: { intervalMs: number; runAtStart?: boolean; onError: (err: unknown) => void },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  if (options.runAtStart) run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
