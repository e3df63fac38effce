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
  const records = rows.map((row) =>
    Object.fromEntries(columns.map(([key, c]) => [c.name, (row as Record<string, unknown>)[key] ?? null])),
  );
  return sql`insert into ${sql.identifier(getTableName(table))} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(records, wellFormed)}::jsonb) as r(${types}) ${tail}`;
}

/**
 * JSON escapes an unpaired surrogate (`\ud800`), which PostgreSQL refuses; a text parameter would
 * have been encoded with U+FFFD in its place, so do the same here.
 */
const wellFormed = (_key: string, value: unknown) =>
  typeof value === 'string' && !value.isWellFormed() ? value.toWellFormed() : value;
