import { schedulePeriodic, type TaskLog } from '../periodic-task.ts';
import type { Database } from './database.ts';

export type MaintenanceLog = TaskLog;

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
  return schedulePeriodic(
    async () => {
      const started = Date.now();
      await database.maintain();
      log.info({ ms: Date.now() - started }, 'database maintenance done (VACUUM ANALYZE)');
    },
    { intervalMs, onError: (err) => log.error({ err }, 'database maintenance failed') },
  );
}
