import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Ctx } from '../context.ts';
import { missing } from '../missing.ts';
import type { Db } from './database.ts';

/** Whether a handle is a transaction (its queries commit or roll back together). */
export const isTransaction = (db: Db): boolean => is(db, PgTransaction);

/** Work to do once a transaction has committed; given the database outside it. */
type AfterCommit = (db: Db) => void | Promise<void>;

/** What runs after each open transaction commits (`afterCommit`), by its handle. */
const committed = new WeakMap<Db, AfterCommit[]>();
/** What runs once each open transaction has ended, committed or not (`whenTransactionEnds`). */
const ended = new WeakMap<Db, (() => void)[]>();

/**
 * The one way into a database transaction: runs `work` with a context whose `db` is the
 * transaction, committed when `work` resolves and rolled back when it throws. When `ctx` is
 * already inside a transaction, `work` joins it (runs with `ctx` as it is): no nested BEGIN and no
 * savepoint, so it commits or rolls back with the outer work. A savepoint would only matter to a
 * caller that catches an inner failure and goes on in the outer transaction; none does.
 *
 * Work that must have a transaction of its own (transaction-local settings such as
 * `set local`, or long jobs that write in many short transactions so PGlite serves other requests
 * between them) is called only with a context outside any transaction.
 */
export async function inTransaction<T>(ctx: Ctx, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  if (isTransaction(ctx.db)) return work(ctx);
  const then: AfterCommit[] = [];
  const finally_: (() => void)[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction((tx) => {
      committed.set(tx, then);
      ended.set(tx, finally_);
      return work({ ...ctx, db: tx });
    });
  } finally {
    for (const run of finally_) run();
  }
  for (const run of then) await run(ctx.db);
  return result;
}

/**
 * Runs `run` once the transaction `ctx` is in (opened by `inTransaction`) has ended, committed or
 * rolled back, before `inTransaction` answers or throws. Outside such a transaction: an internal
 * error.
 */
export function whenTransactionEnds(ctx: Ctx, run: () => void): void {
  const runs = isTransaction(ctx.db) ? ended.get(ctx.db) : undefined;
  (runs ?? missing('a transaction opened by inTransaction')).push(run);
}

/**
 * Runs `run` once the transaction `ctx` is in has committed (the outermost one, when work joined
 * it), before `inTransaction` answers, and not at all if it rolls back; outside a transaction, at
 * once. A transaction not opened by `inTransaction` has no known commit: an internal error, never
 * a run before the commit.
 */
export async function afterCommit(ctx: Ctx, run: AfterCommit): Promise<void> {
  if (!isTransaction(ctx.db)) return run(ctx.db);
  const then = committed.get(ctx.db) ?? missing('the commit of a transaction opened by inTransaction');
  then.push(run);
}
