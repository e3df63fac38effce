import { lt, or } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { schedulePeriodic, type TaskLog } from '../../platform/periodic-task.ts';
import { uiSessions } from './table.ts';

const SESSION_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Removes sessions that can no longer sign anyone in (past their absolute or idle expiry). */
async function deleteEndedSessions(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const idleSince = new Date(now.getTime() - ctx.config.uiSession.idleMs);
  const ended = await ctx.db
    .delete(uiSessions)
    .where(or(lt(uiSessions.expiresAt, now), lt(uiSessions.lastSeenAt, idleSince)))
    .returning({ id: uiSessions.id });
  return ended.length;
}

/** Hourly, and once at start: ended sessions are deleted (they already sign nobody in). */
export function scheduleSessionSweep(ctx: Ctx, log: TaskLog): () => Promise<void> {
  return schedulePeriodic(
    async () => {
      const deleted = await deleteEndedSessions(ctx);
      if (deleted > 0) log.info({ deleted }, 'ended sessions deleted');
    },
    {
      intervalMs: SESSION_SWEEP_INTERVAL_MS,
      runAtStart: true,
      onError: (err) => log.error({ err }, 'session sweep failed'),
    },
  );
}
