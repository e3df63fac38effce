import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Ctx } from '../context.ts';
import type { Db } from './client.ts';

/** Whether a handle is a transaction (its queries commit or roll back together). */
export const isTransaction = (db: Db): boolean => is(db, PgTransaction);

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
export function inTransaction<T>(ctx: Ctx, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  if (isTransaction(ctx.db)) return work(ctx);
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}
