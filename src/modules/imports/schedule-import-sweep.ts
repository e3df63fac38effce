import type { Ctx } from '../../platform/context.ts';
import { schedulePeriodic, type TaskLog } from '../../platform/periodic-task.ts';
import { sweepImports } from './sweep-imports.ts';

const IMPORT_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Runs the import sweep at start and then every hour with `ctx` (a system context), logging what
 * it did when it did something. The returned function stops it once a run in progress is done.
 */
export function scheduleImportSweep(ctx: Ctx, log: TaskLog): () => Promise<void> {
  return schedulePeriodic(
    async () => {
      const done = await sweepImports({ ctx });
      if (Object.values(done).some((n) => n > 0)) log.info(done, 'import sweep done');
    },
    {
      intervalMs: IMPORT_SWEEP_INTERVAL_MS,
      runAtStart: true,
      onError: (err) => log.error({ err }, 'import sweep failed'),
    },
  );
}
