import { isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { schedulePeriodic, type TaskLog } from '../../platform/periodic-task.ts';
import { syncPermissionsJob } from './sync-permissions-job.ts';
import { codehostInstallations } from './table.ts';

/** How often the schedule looks whether today's syncs are queued. */
const CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * Queues one full permission sync per connected workspace per UTC day. The job's id names the
 * workspace and the day, so a second check (or a second server on one database) queues nothing
 * more. Answers how many it queued.
 */
export async function queueDailyPermissionSyncs(ctx: Ctx): Promise<number> {
  if (!ctx.config.codehost) return 0;
  const day = ctx.now().toISOString().slice(0, 10).replace(/-/g, '');
  const connected = await ctx.db
    .select({ workspaceId: codehostInstallations.workspaceId })
    .from(codehostInstallations)
    .where(isNull(codehostInstallations.suspendedAt));
  const queued = await inTransaction(ctx, (ctx) =>
    enqueueJobs(
      ctx,
      syncPermissionsJob,
      connected.map((c) => ({
        id: `job_codehost_perms_${c.workspaceId}_${day}`,
        workspaceId: c.workspaceId,
        payload: { workspace_id: c.workspaceId, trigger: 'schedule' as const },
      })),
      { skipExisting: true },
    ),
  );
  return queued.length;
}

/** The schedule of queueDailyPermissionSyncs: at start, then every hour. */
export function scheduleDailyPermissionSyncs(ctx: Ctx, log: TaskLog): () => Promise<void> {
  return schedulePeriodic(
    async () => {
      const queued = await queueDailyPermissionSyncs(ctx);
      if (queued > 0) log.info({ queued }, 'code host permission syncs queued');
    },
    {
      intervalMs: CHECK_INTERVAL_MS,
      runAtStart: true,
      onError: (err) => log.error({ err }, 'queueing code host permission syncs failed'),
    },
  );
}
