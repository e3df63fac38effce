/**
 * The review sweep: marks memories `stale` once their review date passed (a date a person set, or
 * their type's `review_after_days` since their clock last started), and clears the mark of those
 * no longer due (a workspace raised or dropped its days). Each change is a new version saying why
 * (the memory's history); the clock is the system's, so no audit entry is written. Readers never
 * wait for it: memoryView decides staleness when a memory is read.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { schedulePeriodic, type TaskLog } from '../../platform/periodic-task.ts';
import { workspaces } from '../tenancy/index.ts';
import { memoriesWriting } from './memory-writes.ts';
import { memories, memoryVersions } from './table.ts';

/** Memories changed per statement, and statements per run: a run is bounded, the next one goes on. */
const BATCH = 500;
const MAX_BATCHES = 20;
/** How often the schedule queues a sweep (also once at start). */
const INTERVAL_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
const REVIEWED = ['draft', 'confirmed'];

const isoText = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * One statement: the memories `due` selects (locked; rows another process holds are skipped) get
 * `flags` and `notes`, their next version and a version row with `reason`. Answers how many.
 */
async function changeBatch(
  ctx: Ctx,
  due: SQL,
  change: { flags: SQL; notes: SQL; reason: SQL },
): Promise<number> {
  return inTransaction(ctx, async (ctx) => {
    memoriesWriting(ctx);
    const now = ctx.now();
    const [done] = await queryRows<{ n: number }>(
      ctx.db,
      sql`with due as (
          select m.id from ${memories} m where ${due}
          order by m.id limit ${BATCH}
          for update of m skip locked),
        changed as (
          update ${memories} m set flags = ${change.flags}, flag_notes = ${change.notes},
            version = m.version + 1, updated_at = ${now}
          from due where m.id = due.id
          returning m.*, ${change.reason} as reason),
        logged as (
          insert into ${memoryVersions} (memory_id, version, workspace_id, project_id, change, type, content,
            status, source, metadata, evidence_ref, occurred_at, superseded_by, supersedes, flags,
            review_after, reason, changed_by, changed_at)
          select c.id, c.version, c.workspace_id, c.project_id, 'updated', c.type, c.content, c.status,
            c.source, c.metadata, c.evidence_ref, c.occurred_at, c.superseded_by, c.supersedes, c.flags,
            c.review_after, c.reason, null, ${now}
          from changed c
          returning 1)
        select count(*)::int as n from logged`,
    );
    return done?.n ?? 0;
  });
}

/** Runs batches of one change until none is left or the run's bound is reached. */
async function untilDone(batch: () => Promise<number>): Promise<{ n: number; more: boolean }> {
  let n = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const done = await batch();
    n += done;
    if (done < BATCH) return { n, more: false };
  }
  return { n, more: true };
}

const notStale = sql`not ('stale' = any(m.flags))`;
const reviewed = sql`m.status in (${sql.join(
  REVIEWED.map((s) => sql`${s}`),
  sql`, `,
)})`;
const markStale = (due: SQL) => ({
  flags: sql`array_append(m.flags, 'stale')`,
  notes: sql`m.flag_notes || jsonb_build_object('stale', 'review date ' || ${isoText(due)} || ' passed without the memory being used or confirmed')`,
  reason: sql`'marked stale: review date ' || ${isoText(due)} || ' passed'`,
});

/** One sweep: every due memory marked, every stale one no longer due cleared. */
export async function sweepReviews(ctx: Ctx): Promise<{ marked: number; cleared: number; more: boolean }> {
  const now = ctx.now();
  const settings = await ctx.db
    .select({ id: workspaces.id, days: workspaces.reviewAfterDays })
    .from(workspaces)
    .where(sql`${workspaces.reviewAfterDays} <> '{}'::jsonb`);
  const runs: Array<() => Promise<number>> = [];
  // A review date a person set (the partial index on review_after).
  runs.push(() =>
    changeBatch(
      ctx,
      sql`m.review_after <= ${now} and ${notStale} and ${reviewed}`,
      markStale(sql`m.review_after`),
    ),
  );
  // Each workspace's clock per type (the index on workspace, type and reviewed_at).
  for (const { id, days } of settings) {
    for (const [type, n] of Object.entries(days)) {
      if (n === undefined) continue;
      const cutoff = new Date(now.getTime() - n * DAY_MS);
      runs.push(() =>
        changeBatch(
          ctx,
          sql`m.workspace_id = ${id} and m.type = ${type} and m.reviewed_at <= ${cutoff}
            and m.review_after is null and ${notStale} and ${reviewed}`,
          markStale(sql`m.reviewed_at + make_interval(days => ${n}::int)`),
        ),
      );
    }
  }
  const marked = { n: 0, more: false };
  for (const run of runs) {
    const done = await untilDone(run);
    marked.n += done.n;
    marked.more ||= done.more;
  }
  // Stale memories no longer due: their date moved, or their workspace's days changed.
  const cleared = await untilDone(() =>
    changeBatch(
      ctx,
      sql`'stale' = any(m.flags) and not coalesce(
          m.review_after <= ${now},
          m.review_after is null and m.reviewed_at + make_interval(days => (
            select (w.review_after_days->>m.type)::int from ${workspaces} w where w.id = m.workspace_id)) <= ${now},
          false)`,
      {
        flags: sql`array_remove(m.flags, 'stale')`,
        notes: sql`m.flag_notes - 'stale'`,
        reason: sql`'no longer stale: its review date moved'`,
      },
    ),
  );
  return { marked: marked.n, cleared: cleared.n, more: marked.more || cleared.more };
}

/** The sweep as a job: what one run leaves is taken by a follow-up job at once. */
export const sweepReviewsJob = defineJob({
  kind: 'memories.review_sweep',
  payload: z.object({}),
  async handle({ ctx }) {
    const { more } = await sweepReviews(ctx);
    if (more) await inTransaction(ctx, (ctx) => enqueueJobs(ctx, sweepReviewsJob, [{ payload: {} }]));
  },
});

/** Queues the sweep of this five minutes; another process (or a second check) queues nothing more. */
async function queueReviewSweep(ctx: Ctx): Promise<boolean> {
  const slot = Math.floor(ctx.now().getTime() / INTERVAL_MS);
  const queued = await inTransaction(ctx, (ctx) =>
    enqueueJobs(ctx, sweepReviewsJob, [{ id: `job_review_sweep_${slot}`, payload: {} }], {
      skipExisting: true,
    }),
  );
  return queued.length > 0;
}

/** The schedule of queueReviewSweep: at start, then every five minutes. */
export function scheduleReviewSweep(ctx: Ctx, log: TaskLog): () => Promise<void> {
  return schedulePeriodic(() => queueReviewSweep(ctx).then(() => undefined), {
    intervalMs: INTERVAL_MS,
    runAtStart: true,
    onError: (err) => log.error({ err }, 'queueing the memory review sweep failed'),
  });
}
