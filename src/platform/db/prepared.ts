import type { Db } from './client.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and reused (Drizzle's `.prepare()`): hot paths skip the
 * query builder, and on PostgreSQL the named statement is planned once per connection. Only for
 * queries run on the root handle, never inside a transaction.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) byName.set(name, (query = build(db)));
  return query;
}
