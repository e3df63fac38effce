import type { Database } from './client.ts';

export interface MaintenanceLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs `database.maintain()` every `intervalMs` (0: never) and resolves the returned stop function
 * once a run in progress has finished, so shutdown never closes the database under a VACUUM.
 */
export function scheduleMaintenance(
  database: Database,
  intervalMs: number,
  log: MaintenanceLog,
): () => Promise<void> {
  if (intervalMs <= 0 || database.engine !== 'pglite') return async () => {};
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    const started = Date.now();
    running = database
      .maintain()
      .then(() => log.info({ ms: Date.now() - started }, 'database maintenance done (VACUUM ANALYZE)'))
      .catch((err: unknown) => log.error({ err }, 'database maintenance failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
