import { isTransaction } from './in-transaction.ts';
import type { Db } from './database.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and reused (Drizzle's `.prepare()`): hot paths skip the
 * query builder, and on PostgreSQL the named statement is planned once per connection. Inside a
 * transaction the query is built on the transaction each time (its statements must run on the
 * transaction's connection); on PostgreSQL that connection still reuses the named statement once
 * it has parsed it. `build` must make the same SQL text every time: a name stands for one text.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  if (isTransaction(db)) return build(db);
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) byName.set(name, (query = build(db)));
  return query;
}
