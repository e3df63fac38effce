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
 * One batch of one step, in one statement: items in `from` whose newest evidence is older than
 * their workspace's days move to `to`, each with its event (actor `sweep`). Rows another process
 * is changing are skipped (SKIP LOCKED), so processes sweeping at once never take one item twice.
 */
async function sweepBatch(ctx: Ctx, step: Step): Promise<number> {
  return inTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const days = sql.identifier(step.days.name);
    // Event ids are made here (time-ordered, like every id) and handed out in evidence order.
    const ids = Array.from({ length: BATCH }, () => newId('awv'));
    const idArray = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    const [done] = await queryRows<{ n: number }>(
      ctx.db,
      sql`with due as (
          select i.id, w.${days} as days
          from ${activeWorkItems} i join ${workspaces} w on w.id = i.workspace_id
          where i.status = ${step.from} and w.${days} is not null
            and i.last_evidence_at < ${now}::timestamptz - make_interval(days => w.${days})
          order by i.last_evidence_at
          limit ${BATCH}
          for update of i skip locked),
        moved as (
          update ${activeWorkItems} set status = ${step.to}, closed_by_hand = false, updated_at = ${now}
          from due where ${activeWorkItems}.id = due.id
          returning ${activeWorkItems}.id, ${activeWorkItems}.workspace_id, ${activeWorkItems}.project_id,
            ${activeWorkItems}.last_evidence_at, due.days),
        logged as (
          insert into ${activeWorkEvents} (id, item_id, workspace_id, project_id, type, prev_status, next_status,
            actor_user_id, system_actor, reason, details, correlation_id, created_at)
          select (${idArray})[row_number() over (order by m.last_evidence_at, m.id)], m.id, m.workspace_id,
            m.project_id, ${step.event}, ${step.from}, ${step.to}, null, 'sweep', null,
            jsonb_build_object(
              'rule', ${step.event === 'closed' ? 'auto_close' : 'stale'}::text,
              'last_evidence_at', to_char(m.last_evidence_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'days', m.days),
            null, ${now}
          from moved m
          returning 1)
        select count(*)::int as n from logged`,
    );
    return done?.n ?? 0;
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
