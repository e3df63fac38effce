import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { chainOf, verifyChain } from './audit-scenario.fixtures.ts';

const h = useHarness();
let wsAdmin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  [wsAdmin, alice] = await Promise.all([h.user(), h.user()]);
});

describe('concurrent appends', () => {
  it('keeps one gapless chain when 20 membership changes race in one workspace', async () => {
    const ws = await h.workspace([[wsAdmin, 'admin']]);
    const headBefore = (await verifyChain(h, ws)).head_seq;
    const newcomers = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    const responses = await Promise.all(
      newcomers.map((u, i) =>
        h.request('POST', `/v1/workspaces/${ws}/members`, {
          as: i % 2 === 0 ? wsAdmin : h.admin,
          body: { user_id: u.id, role: 'member' },
        }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(201);
    const entries = await chainOf(h, ws);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(entries).toHaveLength(headBefore + 20);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
    const added = entries.slice(headBefore);
    expect(added.every((e) => e.action === 'access.workspace_member.added')).toBe(true);
    expect(new Set(added.map((e) => e.target.params.target_user_id))).toEqual(
      new Set(newcomers.map((u) => u.id)),
    );
    expect(await verifyChain(h, ws)).toEqual({
      intact: true,
      entries_checked: headBefore + 20,
      head_seq: headBefore + 20,
      first_break: null,
    });
  });

  it('keeps every chain intact when changes race across workspaces and the server log', async () => {
    const [a, b] = [await h.workspace([[wsAdmin, 'admin']]), await h.workspace([[wsAdmin, 'admin']])];
    const users = await Promise.all(Array.from({ length: 8 }, () => h.user()));
    const calls = [
      ...users.map((u) =>
        h.request('POST', `/v1/workspaces/${a}/members`, {
          as: wsAdmin,
          body: { user_id: u.id, role: 'member' },
        }),
      ),
      ...users.map((u) =>
        h.request('POST', `/v1/workspaces/${b}/members`, {
          as: wsAdmin,
          body: { user_id: u.id, role: 'admin' },
        }),
      ),
      ...users.map((u) => h.request('POST', '/v1/api-keys', { as: u, body: { label: 'race' } })),
      ...[a, b].map((ws) =>
        h.request('PATCH', `/v1/workspaces/${ws}`, { as: wsAdmin, body: { name: 'raced' } }),
      ),
    ];
    const responses = await Promise.all(calls);
    for (const res of responses) expect(res.statusCode, res.body).toBeLessThan(300);
    for (const ws of [a, b, undefined]) {
      const entries = await chainOf(h, ws);
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
      expect(await verifyChain(h, ws)).toMatchObject({ intact: true, entries_checked: entries.length });
    }
  });

  it('reports an intact chain while entries are being appended at the same time', async () => {
    const ws = await h.workspace([[wsAdmin, 'admin']]);
    const calls: Array<Promise<{ statusCode: number; body: string }>> = [];
    for (let i = 0; i < 30; i++) {
      calls.push(h.request('PATCH', `/v1/workspaces/${ws}`, { as: wsAdmin, body: { name: `name ${i}` } }));
      calls.push(h.request('GET', '/v1/audit/verify', { as: wsAdmin, query: { workspace_key: ws } }));
      calls.push(h.request('GET', '/v1/audit/verify', { as: h.admin }));
      calls.push(h.request('POST', '/v1/api-keys', { as: alice, body: { label: `race ${i}` } }));
    }
    const responses = await Promise.all(calls);
    for (const res of responses) expect(res.statusCode, res.body).toBeLessThan(300);
    const reports = responses.filter((_, i) => i % 4 === 1 || i % 4 === 2).map((r) => JSON.parse(r.body));
    // Each report describes one consistent state of its chain, never a break.
    for (const report of reports) {
      expect(report).toMatchObject({ intact: true, first_break: null });
      expect(report.entries_checked).toBe(report.head_seq);
    }
    expect(await verifyChain(h, ws)).toMatchObject({ intact: true, entries_checked: 33, head_seq: 33 });
  });

  it('records racing role changes of one member as one consistent story', async () => {
    const ws = await h.workspace([
      [wsAdmin, 'admin'],
      [alice, 'member'],
    ]);
    const roles = [
      'admin',
      'member',
      'admin',
      'member',
      'admin',
      'member',
      'admin',
      'member',
      'admin',
      'member',
    ];
    const responses = await Promise.all(
      roles.map((role) =>
        h.request('PATCH', `/v1/workspaces/${ws}/members/${alice.id}`, { as: h.admin, body: { role } }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const changes = (await chainOf(h, ws)).filter((e) => e.action === 'access.workspace_member.role_changed');
    expect(changes.length).toBeGreaterThan(0);
    let role = 'MEMBER';
    for (const e of changes) {
      expect(e.target.params).toMatchObject({ target_user_id: alice.id, old_role: role });
      expect(e.target.params.new_role).not.toBe(role);
      role = e.target.params.new_role as string;
    }
    const members = await h.request('GET', `/v1/workspaces/${ws}/members`, { as: wsAdmin });
    const now = (members.json().items as Array<{ user_id: string; role: string }>).find(
      (m) => m.user_id === alice.id,
    );
    expect(now!.role.toUpperCase()).toBe(role);
    expect((await verifyChain(h, ws)).intact).toBe(true);
  });
});
