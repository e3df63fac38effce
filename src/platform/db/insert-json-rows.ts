import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A bulk INSERT whose rows travel as one JSON parameter (`jsonb_to_recordset`). Building a
 * multi-row VALUES list costs the query builder tens of microseconds per value, which dominated
 * imports (seconds per 10k messages); one JSON document costs one `JSON.stringify`. Columns are
 * those of the first row (every row must have the same keys); dates travel as ISO strings and
 * jsonb values as JSON. `tail` is appended as written (e.g. an ON CONFLICT or RETURNING clause).
 */
export function insertJsonRows<T extends PgTable>(
  table: T,
  rows: T['$inferInsert'][],
  tail: SQL = sql``,
): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in (rows[0] ?? {}));
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const types = sql.raw(columns.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const fields = columns.map(([key, c]) => [key, c.name] as const);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, name] of fields)
      record[name] = wellFormed((row as Record<string, unknown>)[key] ?? null);
    return record;
  });
  return sql`insert into ${sql.identifier(getTableName(table))} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types}) ${tail}`;
}

/**
 * JSON escapes an unpaired surrogate (`\ud800`), which PostgreSQL refuses; a text parameter would
 * have been encoded with U+FFFD in its place, so do the same here, in strings at any depth. (A
 * JSON.stringify replacer did this too, at a cost of a call per value of every row.)
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormed(v)]));
}
