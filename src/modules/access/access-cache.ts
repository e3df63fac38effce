import type { Ctx } from '../../platform/context.ts';
import { accessGeneration } from '../../platform/db/access-changes.ts';
import { isTransaction } from '../../platform/db/in-transaction.ts';
import { ReusedReads, type ReusedRead } from '../../platform/db/reused-reads.ts';
import type { WorkspaceRow } from '../tenancy/index.ts';
import { deepFreeze } from '../../platform/deep-freeze.ts';
import type { Db } from '../../platform/db/database.ts';

/** What an access check read: always a workspace's row, with the caller's roles and maybe a project. */
interface AccessRows {
  workspace: WorkspaceRow;
}

/** The access reads of this process, by database handle (tests run several databases in one process). */
const caches = new WeakMap<Db, ReusedReads<unknown>>();

/**
 * One object per workspace row within a generation of access changes (rows do not change within
 * one): entries for many users and projects of a workspace share its row, up to 500 mappings.
 */
const rowsOf = new WeakMap<Db, { generation: number; byId: Map<string, WorkspaceRow> }>();

/**
 * What the access checks read (a workspace with the caller's membership; a project with theirs),
 * kept per process for `SERVICE_AUTH_CACHE_SECONDS` (ADR 0017, platform/db/reused-reads.ts). Only
 * reads outside a transaction use it: a check inside one reads the database, in the transaction.
 * What it answers is frozen (shared by requests).
 */
export function accessRead<T extends AccessRows>(ctx: Ctx, key: string): ReusedRead<T> | undefined {
  if (isTransaction(ctx.db)) return undefined;
  const db = ctx.db;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ReusedReads(db)));
  const began = accessGeneration(db);
  const read = cache.read(key, ctx.now(), ctx.config.authCacheMs);
  if (!read || began === undefined) return undefined;
  return {
    cached: read.cached as T | undefined,
    keep: (value) => {
      // A read that raced a change keeps nothing, and must not leave its row for later reads.
      if (accessGeneration(db) !== began) return;
      read.keep(deepFreeze({ ...value, workspace: sharedRow(db, began, value.workspace) }));
    },
  };
}

/** The row kept for `row`'s workspace in `generation` (the current one): the first one kept in it. */
function sharedRow(db: Db, generation: number, row: WorkspaceRow): WorkspaceRow {
  let rows = rowsOf.get(db);
  if (!rows || rows.generation !== generation) rowsOf.set(db, (rows = { generation, byId: new Map() }));
  const shared = rows.byId.get(row.id);
  if (shared) return shared;
  rows.byId.set(row.id, row);
  return row;
}
