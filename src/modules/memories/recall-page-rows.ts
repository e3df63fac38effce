import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import type { ProjectIndex } from './recall-index/project-index.ts';
import { memories, memoryColumns, type MemoryRow } from './table.ts';
import { deepFreeze } from '../../platform/deep-freeze.ts';
import type { Db } from '../../platform/db/database.ts';

/** Rows kept per project index, at most; the least recently answered go first. */
const MAX_KEPT_ROWS = 4_096;

const keptRows = new WeakMap<ProjectIndex, Map<string, MemoryRow>>();

/** The rows kept for an index, least recently answered first. */
function keptOf(index: ProjectIndex): Map<string, MemoryRow> {
  let kept = keptRows.get(index);
  if (!kept) keptRows.set(index, (kept = new Map()));
  return kept;
}

/**
 * The rows of a recall page, by id. A memory's row changes only with its version (every update
 * sets version + 1 on the row it holds locked), so a row read earlier is answered again while its
 * version is the one the fresh index has; the rest are read in one statement (built once: a named
 * statement on PostgreSQL). Assistants recall the same things over and over: a page usually costs
 * no statement at all. Kept rows are frozen: requests share them.
 */
export async function recallPageRows(
  ctx: Ctx,
  index: ProjectIndex,
  ids: string[],
): Promise<Map<string, MemoryRow>> {
  const kept = keptOf(index);
  const byId = new Map<string, MemoryRow>();
  const missing: string[] = [];
  for (const id of ids) {
    const row = kept.get(id);
    if (row && row.version === index.versionOf(id)) {
      byId.set(id, row);
      kept.delete(id); // most recently answered last
      kept.set(id, row);
    } else missing.push(id);
  }
  if (missing.length === 0) return byId;
  const rows = await prepared(ctx.db, 'recall_page', pageQuery).execute({ ids: missing });
  for (const row of rows) {
    const frozen = deepFreeze(row);
    byId.set(row.id, frozen);
    kept.delete(row.id);
    kept.set(row.id, frozen);
  }
  for (const id of kept.keys()) {
    if (kept.size <= MAX_KEPT_ROWS) break;
    kept.delete(id);
  }
  return byId;
}

/** Rows read per statement when the newest are read ahead. */
const READ_AHEAD_BATCH = 256;
const readAhead = new WeakMap<ProjectIndex, Promise<void>>();

/**
 * Once per index, reads ahead the rows of the project's newest memories (as many as are kept),
 * a batch per statement, so that most first answers need no statement either: recency weighs in
 * the ranking, so the newest are the likeliest on a page. Started by recall, not waited for; it
 * never evicts a row, rows answered meanwhile are not read again, and a kept row counts only
 * while its version is the index's (as any). A failure leaves the rows to be read on demand.
 * Answers the one read-ahead of this index (started by the first call).
 */
export function keepNewestRows(ctx: Ctx, index: ProjectIndex): Promise<void> {
  let reading = readAhead.get(index);
  if (!reading) readAhead.set(index, (reading = readNewest(ctx, index).catch(() => undefined)));
  return reading;
}

async function readNewest(ctx: Ctx, index: ProjectIndex): Promise<void> {
  const kept = keptOf(index);
  // Oldest of them first: the first kept are the first forgotten.
  const ids = newestDocs(index, MAX_KEPT_ROWS)
    .reverse()
    .map((doc) => index.idOf(doc));
  for (let at = 0; at < ids.length; at += READ_AHEAD_BATCH) {
    const wanted = ids.slice(at, at + READ_AHEAD_BATCH).filter((id) => !kept.has(id));
    if (wanted.length === 0) continue;
    const rows = await prepared(ctx.db, 'recall_page', pageQuery).execute({ ids: wanted });
    for (const row of rows) {
      if (kept.size >= MAX_KEPT_ROWS) return;
      if (!kept.has(row.id)) kept.set(row.id, deepFreeze(row));
    }
  }
}

/**
 * The `count` live documents that happened last, newest first. A min-heap of the newest seen so
 * far: most documents cost one comparison with its root, where sorting a million took 0.8 s.
 */
export function newestDocs(index: ProjectIndex, count: number): number[] {
  const heap: number[] = [];
  const at = (slot: number) => index.occurredAt[heap[slot] ?? 0] ?? 0;
  const swap = (a: number, b: number) => {
    const doc = heap[a] ?? 0;
    heap[a] = heap[b] ?? 0;
    heap[b] = doc;
  };
  // The newest-numbered first: documents arrive roughly in time order, so the heap fills with
  // recent ones and the older rest is refused at the root.
  for (let doc = index.size - 1; doc >= 0; doc--) {
    if (!index.live[doc]) continue;
    const time = index.occurredAt[doc] ?? 0;
    if (heap.length < count) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0 && at((i - 1) >> 1) > at(i); i = (i - 1) >> 1)
        swap(i, (i - 1) >> 1);
    } else if (time > at(0)) {
      heap[0] = doc;
      for (let i = 0; ;) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (left < heap.length && at(left) < at(least)) least = left;
        if (right < heap.length && at(right) < at(least)) least = right;
        if (least === i) break;
        swap(i, least);
        i = least;
      }
    }
  }
  return heap.sort((a, b) => (index.occurredAt[b] ?? 0) - (index.occurredAt[a] ?? 0));
}

/** The page's memories by id, a query built once. */
const pageQuery = (db: Db) =>
  db
    .select(memoryColumns)
    .from(memories)
    .where(sql`${memories.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('ctxhub_recall_page');
