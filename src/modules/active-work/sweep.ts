import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { newId } from '../../platform/ids.ts';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { schedulePeriodic, type TaskLog } from '../../platform/periodic-task.ts';
import { workspaces } from '../tenancy/index.ts';
import { activeWorkEvents, activeWorkItems, type ItemStatus } from './table.ts';

/** Items changed per transaction, and transactions per run: a run is bounded, the next one goes on. */
const BATCH = 1000;
const MAX_BATCHES = 20;
/** How often the schedule queues a sweep (also once at start). */
const INTERVAL_MS = 60 * 60_000;

interface Step {
  from: ItemStatus;
  to: ItemStatus;
  event: 'stale_marked' | 'closed';
  /** The workspace column giving the days (null days: the step does not apply). */
  days: typeof workspaces.activeWorkStaleDays | typeof workspaces.activeWorkAutoCloseDays;
}

const STEPS: Step[] = [
  { from: 'active', to: 'stale', event: 'stale_marked', days: workspaces.activeWorkStaleDays },
  { from: 'stale', to: 'closed', event: 'closed', days: workspaces.activeWorkAutoCloseDays },
];

/**
 * One batch of one step: items in `from` whose newest evidence is older than their workspace's
 * days move to `to`, each with its event (actor `sweep`). Rows another process is changing are
 * skipped (SKIP LOCKED), so processes sweeping at once never take one item twice.
 */
async function sweepBatch(ctx: Ctx, step: Step): Promise<number> {
  return inTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const rows = await queryRows<{
      id: string;
      workspace_id: string;
      project_id: string;
      last: Date | string;
      days: number;
    }>(
      ctx.db,
      sql`with due as (
          select i.id, w.${sql.identifier(step.days.name)} as days
          from ${activeWorkItems} i join ${workspaces} w on w.id = i.workspace_id
          where i.status = ${step.from} and w.${sql.identifier(step.days.name)} is not null
            and i.last_evidence_at < ${now}::timestamptz - make_interval(days => w.${sql.identifier(step.days.name)})
          order by i.last_evidence_at
          limit ${BATCH}
          for update of i skip locked)
        update ${activeWorkItems} set status = ${step.to}, closed_by_hand = false, updated_at = ${now}
        from due where ${activeWorkItems}.id = due.id
        returning ${activeWorkItems}.id, ${activeWorkItems}.workspace_id, ${activeWorkItems}.project_id,
          ${activeWorkItems}.last_evidence_at as last, due.days`,
    );
    if (rows.length > 0) {
      await ctx.db.insert(activeWorkEvents).values(
        rows.map((r) => ({
          id: newId('awv'),
          itemId: r.id,
          workspaceId: r.workspace_id,
          projectId: r.project_id,
          type: step.event,
          prevStatus: step.from,
          nextStatus: step.to,
          actorUserId: null,
          systemActor: 'sweep',
          reason: null,
          details: {
            rule: step.event === 'closed' ? 'auto_close' : 'stale',
            last_evidence_at: new Date(r.last).toISOString(),
            days: r.days,
          },
          correlationId: null,
          createdAt: now,
        })),
      );
    }
    return rows.length;
  });
}

/**
 * The staleness sweep: marks active items stale after their workspace's `active_work_stale_days`
 * without evidence, then closes stale ones after `active_work_auto_close_days` (when set). At most
 * MAX_BATCHES batches per step; answers what it did and whether work was left for the next run.
 */
export async function sweepActiveWork(ctx: Ctx): Promise<{ staled: number; closed: number; more: boolean }> {
  const done = { staled: 0, closed: 0, more: false };
  for (const step of STEPS) {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await sweepBatch(ctx, step);
      if (step.event === 'closed') done.closed += n;
      else done.staled += n;
      if (n < BATCH) break;
      if (i === MAX_BATCHES - 1) done.more = true;
    }
  }
  return done;
}

/** The sweep as a job: what one run leaves is taken by a follow-up job at once. */
export const sweepActiveWorkJob = defineJob({
  kind: 'active_work.sweep',
  payload: z.object({}),
  async handle({ ctx }) {
    const { more } = await sweepActiveWork(ctx);
    if (more) await inTransaction(ctx, (ctx) => enqueueJobs(ctx, sweepActiveWorkJob, [{ payload: {} }]));
  },
});

/** Queues this hour's sweep; another process (or a second check) queues nothing more. */
export async function queueActiveWorkSweep(ctx: Ctx): Promise<boolean> {
  const hour = ctx.now().toISOString().slice(0, 13).replace(/[-T]/g, '');
  const queued = await inTransaction(ctx, (ctx) =>
    enqueueJobs(ctx, sweepActiveWorkJob, [{ id: `job_active_work_sweep_${hour}`, payload: {} }], {
      skipExisting: true,
    }),
  );
  return queued.length > 0;
}

/** The schedule of queueActiveWorkSweep: at start, then every hour. */
export function scheduleActiveWorkSweep(ctx: Ctx, log: TaskLog): () => Promise<void> {
  return schedulePeriodic(() => queueActiveWorkSweep(ctx).then(() => undefined), {
    intervalMs: INTERVAL_MS,
    runAtStart: true,
    onError: (err) => log.error({ err }, 'queueing the Active Work sweep failed'),
  });
}
