import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import type { ProjectIndex } from './recall-index/project-index.ts';
import { memories, memoryColumns, type MemoryRow } from './table.ts';
import { deepFreeze } from '../../platform/deep-freeze.ts';

/** Rows kept per project index, at most; the least recently answered go first. */
const MAX_KEPT_ROWS = 4_096;

const keptRows = new WeakMap<ProjectIndex, Map<string, MemoryRow>>();

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
  let kept = keptRows.get(index);
  if (!kept) keptRows.set(index, (kept = new Map()));
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

/** The page's memories by id, a query built once. */
const pageQuery = (db: Db) =>
  db
    .select(memoryColumns)
    .from(memories)
    .where(sql`${memories.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('ctxhub_recall_page');
