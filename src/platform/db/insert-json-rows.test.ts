import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { insertJsonRows } from './insert-json-rows.ts';

const probe = pgTable('json_rows_probe', {
  id: text('id').primaryKey(),
  note: text('note'),
  count: integer('row_count'),
  meta: jsonb('meta'),
  at: timestamp('at', { withTimezone: true }),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table json_rows_probe (id text primary key, note text, row_count integer, meta jsonb, at timestamptz)`,
  );
});
afterAll(() => database.close());

describe('insertJsonRows', () => {
  it('stores every column type as the query builder would, unpaired surrogates as U+FFFD at any depth', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    await database.db.execute(
      insertJsonRows(probe, [
        {
          id: 'a',
          note: "quote ' backslash \\ emoji 🦘 lone \ud800 end",
          count: 3,
          meta: { k: [1, 'x', 'in \udc00 array'], 'key \ud801': { deep: 'deep \ud802' }, gone: undefined },
          at,
        },
        { id: 'b', note: null, count: null, meta: null, at: null },
      ]),
    );
    const rows = await database.db.select().from(probe).orderBy(probe.id);
    expect(rows).toEqual([
      {
        id: 'a',
        note: "quote ' backslash \\ emoji 🦘 lone \ufffd end",
        count: 3,
        meta: { k: [1, 'x', 'in \ufffd array'], 'key \ufffd': { deep: 'deep \ufffd' } },
        at,
      },
      { id: 'b', note: null, count: null, meta: null, at: null },
    ]);
  });

  it('appends its tail as written, e.g. an upsert', async () => {
    await database.db.execute(
      insertJsonRows(
        probe,
        [{ id: 'a', note: 'replaced' }],
        sql`on conflict (id) do update set note = excluded.note`,
      ),
    );
    const [row] = await database.db
      .select()
      .from(probe)
      .where(sql`id = 'a'`);
    expect(row).toMatchObject({ id: 'a', note: 'replaced', count: 3 });
  });
});
