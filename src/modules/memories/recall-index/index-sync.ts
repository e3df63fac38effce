/**
 * Keeping a process's project index equal to the database (ADR 0016). Every memory write also
 * writes a `memory_versions` row in the same transaction, stamped with its transaction id. A
 * snapshot (`pg_current_snapshot()`) says which transactions had committed when a statement ran:
 * all below its `xmax` except those in its in-progress list. So after reading with a snapshot, the
 * changes not yet seen are exactly those of transactions at or above `xmax` or in that list: the
 * watermark. Each recall first asks for them (one indexed statement, normally answering nothing
 * new), so a memory committed by any process before a recall starts is found by it.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../../platform/context.ts';
import { prepared } from '../../../platform/db/prepared.ts';
import { queryRows } from '../../../platform/db/query-rows.ts';
import { missing } from '../../../platform/missing.ts';
import { memories, memoryVersions } from '../table.ts';
import type { MemoryFlag, MemoryStatus, MemoryType } from '../../tenancy/index.ts';
import type { IndexedMemory, ProjectIndex } from './project-index.ts';
import type { Db } from '../../../platform/db/database.ts';

/** Transactions whose changes a later catch-up must still read (xid8 values as text). */
export interface Watermark {
  xmax: string;
  inProgress: string[];
}

const LOAD_PAGE = 5000;

/** A memory's flags, or null when it has none. */
const flagsOrNull = sql`case when cardinality(m.flags) = 0 then null else m.flags end`;

interface MemoryLine {
  id: string;
  version: number;
  type: MemoryType;
  status: MemoryStatus;
  /** Null when it carries none (most memories: no array to parse per row). */
  flags: MemoryFlag[] | null;
  content: string;
  subpath: string | null;
  occurred_ms: number;
  created_ms: number;
}

const memoryLine = sql`m.id, m.version, m.type, m.status, ${flagsOrNull} as flags, m.content, m.metadata->>'subpath' as subpath,
  (extract(epoch from m.occurred_at) * 1000)::float8 as occurred_ms,
  (extract(epoch from m.created_at) * 1000)::float8 as created_ms`;

const indexed = (r: MemoryLine): IndexedMemory => ({
  id: r.id,
  version: r.version,
  type: r.type,
  status: r.status,
  flags: r.flags ?? [],
  subpath: r.subpath,
  occurredAtMs: r.occurred_ms,
  createdAtMs: r.created_ms,
  content: r.content,
});

async function snapshotNow(ctx: Ctx): Promise<Watermark> {
  const [row] = await queryRows<{ xmax: string; in_progress: string[] }>(
    ctx.db,
    sql`select pg_snapshot_xmax(s)::text as xmax, array(select pg_snapshot_xip(s)::text) as in_progress
      from pg_current_snapshot() as s`,
  );
  if (!row) return missing('the snapshot');
  return { xmax: row.xmax, inProgress: row.in_progress };
}

/**
 * Fills an empty index with a project's memories, page by page (no long transaction: PGlite
 * serves other requests between pages). Rows changed while it reads are read again by the next
 * catch-up from the watermark taken before the first page.
 */
export async function loadProject(ctx: Ctx, index: ProjectIndex, projectId: string): Promise<Watermark> {
  const watermark = await snapshotNow(ctx);
  let after = '';
  for (let round = 0; round < 100_000; round++) {
    const rows = await queryRows<MemoryLine>(
      ctx.db,
      sql`select ${memoryLine} from ${memories} m
        where m.project_id = ${projectId} and m.id > ${after} order by m.id limit ${LOAD_PAGE}`,
    );
    for (const r of rows) index.put(indexed(r));
    const last = rows.at(-1);
    if (!last || rows.length < LOAD_PAGE) break;
    after = last.id;
  }
  return watermark;
}

/**
 * Applies every change committed since `watermark` (new, changed and deleted memories) and answers
 * the next watermark. One statement: the snapshot it reports is the one its rows were read with.
 */
export async function catchUp(
  ctx: Ctx,
  index: ProjectIndex,
  projectId: string,
  watermark: Watermark,
): Promise<Watermark> {
  const rows = await prepared(ctx.db, 'recall_catch_up', catchUpQuery).execute({
    projectId,
    xmax: watermark.xmax,
    inProgress: JSON.stringify(watermark.inProgress),
  });
  for (const r of rows) {
    if (!r.changed_id) continue;
    if (r.id === null) index.remove(r.changed_id);
    else if (index.versionOf(r.id) !== r.version) index.put(indexed(r as MemoryLine));
  }
  const first = rows[0] ?? missing('the catch-up snapshot');
  return { xmax: first.xmax, inProgress: first.in_progress };
}

/**
 * The catch-up's one statement, built once (a named statement on PostgreSQL, planned once per
 * connection: every recall runs it). One row per changed memory, with the snapshot it was read
 * with; a single row with no memory when nothing changed.
 */
const catchUpQuery = (db: Db) =>
  db
    .select({
      xmax: sql<string>`pg_snapshot_xmax(snap.s)::text`,
      in_progress: sql<string[]>`array(select pg_snapshot_xip(snap.s)::text)`,
      changed_id: sql<string | null>`c.memory_id`,
      id: sql<string | null>`m.id`,
      version: sql<number>`m.version`,
      type: sql<MemoryType>`m.type`,
      status: sql<MemoryStatus>`m.status`,
      flags: sql<MemoryFlag[] | null>`${flagsOrNull}`,
      content: sql<string>`m.content`,
      subpath: sql<string | null>`m.metadata->>'subpath'`,
      occurred_ms: sql<number>`(extract(epoch from m.occurred_at) * 1000)::float8`,
      created_ms: sql<number>`(extract(epoch from m.created_at) * 1000)::float8`,
    })
    .from(
      sql`(select pg_current_snapshot() as s) snap
      left join (
        select distinct v.memory_id from ${memoryVersions} v
        where v.project_id = ${sql.placeholder('projectId')}
          and (v.xid >= ${sql.placeholder('xmax')}::text::xid8
            or v.xid in (select jsonb_array_elements_text(${sql.placeholder('inProgress')}::jsonb)::xid8))
      ) c on true
      left join ${memories} m on m.id = c.memory_id`,
    )
    .prepare('ctxhub_recall_catch_up');
