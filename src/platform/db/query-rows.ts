import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Rows of a hand-written query, the same on both drivers (node-postgres and PGlite both answer
 * `{ rows }`). Cast numbers and timestamps in SQL (`::int`, `::float8`, epoch) for portable types.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
