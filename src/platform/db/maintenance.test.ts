import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { waitFor } from '../../test/server-process.ts';
import { scheduleMaintenance } from './maintenance.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('database maintenance', () => {
  it('vacuums and analyzes PGlite on its schedule, and stops cleanly (nothing to do on PostgreSQL)', async () => {
    const lines: string[] = [];
    const log = {
      info: (_: object, msg: string) => lines.push(msg),
      error: (_: object, msg: string) => lines.push(msg),
    };
    const stop = scheduleMaintenance(database, 20, log);
    if (database.engine === 'pglite') {
      expect(await waitFor(() => lines.find((l) => l.includes('VACUUM ANALYZE')), 10_000)).toBeDefined();
      expect(lines.some((l) => l.includes('failed'))).toBe(false);
    } else {
      await new Promise((r) => setTimeout(r, 100));
      expect(lines).toEqual([]);
    }
    await stop();
    const count = lines.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(lines).toHaveLength(count);
    await database.ping();
  });

  it('never runs when the interval is 0', async () => {
    const lines: string[] = [];
    const stop = scheduleMaintenance(database, 0, {
      info: () => lines.push('x'),
      error: () => lines.push('x'),
    });
    await new Promise((r) => setTimeout(r, 100));
    await stop();
    expect(lines).toEqual([]);
  });
});
