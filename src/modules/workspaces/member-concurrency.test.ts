import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { accessLog, membersOf, workspaceOwnedBy } from './members.fixtures.ts';

const h = useHarness();

describe('concurrent membership changes', () => {
  /** A workspace whose only owners are two fresh users. */
  async function twoOwners() {
    const a = await h.user();
    const b = await h.user();
    return { a, b, ws: await workspaceOwnedBy(h, a, [[b, 'owner']]) };
  }

  it('two owners demoting each other at once leave at least one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b, ws } = await twoOwners();
      const results = await Promise.all([
        h.request('PATCH', `/v1/workspaces/${ws}/members/${b.id}`, { as: a, body: { role: 'member' } }),
        h.request('PATCH', `/v1/workspaces/${ws}/members/${a.id}`, { as: b, body: { role: 'member' } }),
      ]);
      const statuses = results.map((r) => r.statusCode);
      // The loser either lost its own owner role first (403) or would have left no owner (409).
      for (const s of statuses) expect([200, 403, 409]).toContain(s);
      const succeeded = statuses.filter((s) => s === 200).length;
      expect(succeeded).toBe(1);
      const owners = (await membersOf(h, ws)).filter((m) => m.role === 'owner');
      expect(owners).toHaveLength(1);
      const changes = (await accessLog(h, ws)).filter(
        (e) => e.action === 'access.workspace_member.role_changed',
      );
      expect(changes).toHaveLength(1);
    }
  });

  it('two owners removing each other at once leave at least one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b, ws } = await twoOwners();
      const results = await Promise.all([
        h.request('DELETE', `/v1/workspaces/${ws}/members/${b.id}`, { as: a }),
        h.request('DELETE', `/v1/workspaces/${ws}/members/${a.id}`, { as: b }),
      ]);
      const statuses = results.map((r) => r.statusCode);
      for (const s of statuses) expect([204, 404, 409]).toContain(s);
      expect(statuses.filter((s) => s === 204)).toHaveLength(1);
      const members = await membersOf(h, ws);
      expect(members.map((m) => m.role)).toEqual(['owner']);
    }
  });
});
