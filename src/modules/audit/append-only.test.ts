import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { busyWorkspace, renameWorkspace, verifyChain } from './audit-scenario.fixtures.ts';
import { accessEvents, auditLog } from './table.ts';

const h = useHarness();
let wsAdmin: TestUser;
let alice: TestUser;

async function rowCounts() {
  const [log] = await h.database.db.select({ n: count() }).from(auditLog);
  const [events] = await h.database.db.select({ n: count() }).from(accessEvents);
  return { log: log!.n, events: events!.n };
}

beforeAll(async () => {
  [wsAdmin, alice] = await Promise.all([h.user(), h.user()]);
});

describe('append-only storage', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_log and access_events, even for the owner', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const before = await rowCounts();
    expect(before.log).toBeGreaterThan(0);
    expect(before.events).toBeGreaterThan(0);
    const refused = [
      "UPDATE audit_log SET action = 'x.changed'",
      "UPDATE audit_log SET params = '{}'::jsonb WHERE seq = 1",
      'DELETE FROM audit_log',
      `DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)`,
      'TRUNCATE audit_log, access_events',
      'TRUNCATE audit_log CASCADE',
      "UPDATE access_events SET source = 'system'",
      'DELETE FROM access_events',
      'TRUNCATE access_events',
    ];
    for (const sql of refused) {
      await expect(h.database.raw(sql), sql).rejects.toThrow(/append-only/);
    }
    // Plain TRUNCATE of the log fails too (access_events refers to it).
    await expect(h.database.raw('TRUNCATE audit_log')).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
    const report = await verifyChain(h, ws);
    expect(report).toMatchObject({ intact: true, entries_checked: 10, first_break: null });
    expect((await verifyChain(h)).intact).toBe(true);
    // The app still appends after the refused attempts.
    await renameWorkspace({ h, as: wsAdmin, ws }, 'after');
    expect(await verifyChain(h, ws)).toMatchObject({ intact: true, entries_checked: 11, head_seq: 11 });
  });
});
