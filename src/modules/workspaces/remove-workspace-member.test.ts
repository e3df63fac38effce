import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom } from '../../test/security-matrix.ts';
import { projectMembersOf } from '../projects/projects.fixtures.ts';
import {
  accessLog,
  expectAdminsOnly,
  expectLatestAccessEntry,
  manualChangeParams,
  membersOf,
  outsiderWithWorkspace,
  promoteToOwner,
  roleOf,
  stateOf,
  workspaceOwnedBy,
  workspaceWith,
} from './members.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // member of another workspace only

beforeAll(async () => {
  ({ outsider } = await outsiderWithWorkspace(h));
});

describe('DELETE /v1/workspaces/:key/members/:userId', () => {
  it('removes a member and audits access.workspace_member.removed', async () => {
    const [ws, admin, member] = await workspaceWith(h, 'admin', 'member');
    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await roleOf(h, ws, member)).toBeNull();
    await expectHiddenFrom(h, member, { method: 'GET', url: `/v1/workspaces/${ws}` });
    await expectLatestAccessEntry(h, {
      action: 'access.workspace_member.removed',
      actor: admin,
      target: member,
      oldRole: 'MEMBER',
      newRole: null,
      ws,
      correlated: true,
    });
    // A removed member can be added again.
    const again = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: admin,
      body: { user_id: member.id, role: 'member' },
    });
    expect(again.statusCode).toBe(201);
  });

  it("removes the member's project memberships too, with one correlation id", async () => {
    const [ws, member] = await workspaceWith(h, 'member');
    const p1 = await h.project(ws, [[member, 'writer']]);
    const p2 = await h.project(ws, [[member, 'reader']], `codehost:acme/${h.uniq('mono')}#apps/web`);
    const untouched = await h.project(ws);
    const otherWs = await h.workspace([[member, 'member']]);
    const otherProject = await h.project(otherWs, [[member, 'maintainer']]);
    const otherBefore = await stateOf(h, otherWs);

    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: h.admin });
    expect(res.statusCode).toBe(204);

    expect(await projectMembersOf(h, ws, p1)).toEqual([]);
    expect(await projectMembersOf(h, ws, p2)).toEqual([]);
    expect(await projectMembersOf(h, ws, untouched)).toEqual([]);
    // Memberships in another workspace stay.
    expect((await projectMembersOf(h, otherWs, otherProject)).map((m) => [m.user_id, m.role])).toEqual([
      [member.id, 'maintainer'],
    ]);
    expect(await stateOf(h, otherWs)).toEqual(otherBefore);

    const log = await accessLog(h, ws);
    const removed = log.filter((e) => e.action.endsWith('.removed'));
    expect(removed).toHaveLength(3);
    const wsEntry = removed.find((e) => e.action === 'access.workspace_member.removed')!;
    const correlation = wsEntry.correlation_id;
    expect(correlation).toEqual(expect.any(String));
    expect(wsEntry.target.params).toMatchObject({ correlation_id: correlation, old_role: 'MEMBER' });
    const projectEntries = removed.filter((e) => e.action === 'access.project_member.removed');
    expect(
      projectEntries
        .map((e) => e.target.params)
        .sort((a, b) => String(a.project_key).localeCompare(String(b.project_key))),
    ).toEqual(
      [
        { project: p1, oldRole: 'WRITER' },
        { project: p2, oldRole: 'READER' },
      ]
        .sort((a, b) => a.project.localeCompare(b.project))
        .map((p) =>
          manualChangeParams({ ...p, target: member, newRole: null, ws, correlationId: correlation }),
        ),
    );
    for (const e of projectEntries) expect(e.correlation_id).toBe(correlation);
  });

  it('keeps the ceiling: an admin cannot remove an owner', async () => {
    const [ws, admin, owner] = await workspaceWith(h, 'admin', 'owner');
    const before = await stateOf(h, ws);
    for (const target of [owner, h.admin]) {
      await expectForbiddenFor(h, admin, {
        method: 'DELETE',
        url: `/v1/workspaces/${ws}/members/${target.id}`,
      });
    }
    expect(await stateOf(h, ws)).toEqual(before);
    // An admin may leave, and remove another admin.
    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${admin.id}`, { as: admin });
    expect(res.statusCode).toBe(204);
  });

  it('keeps the last owner (409) until a second owner exists', async () => {
    const owner = await h.user();
    const second = await h.user();
    const ws = await workspaceOwnedBy(h, owner, [[second, 'admin']]);
    const before = await stateOf(h, ws);
    for (const as of [owner, h.admin]) {
      expectError(
        await h.request('DELETE', `/v1/workspaces/${ws}/members/${owner.id}`, { as }),
        409,
        'conflict',
      );
    }
    expect(await stateOf(h, ws)).toEqual(before);
    await promoteToOwner(h, ws, owner, second);
    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${owner.id}`, { as: owner });
    expect(res.statusCode).toBe(204);
    expect((await membersOf(h, ws)).map((m) => [m.user_id, m.role])).toEqual([[second.id, 'owner']]);
  });

  it('answers 404 for a user who is not a member', async () => {
    const stranger = await h.user();
    const ws = await h.workspace();
    const before = await stateOf(h, ws);
    expectError(
      await h.request('DELETE', `/v1/workspaces/${ws}/members/${stranger.id}`, { as: h.admin }),
      404,
      'not_found',
    );
    expect(await stateOf(h, ws)).toEqual(before);
  });

  it('is for admins: members get 403, non-members 404', async () => {
    const [ws, member, other] = await workspaceWith(h, 'member', 'member');
    const before = await stateOf(h, ws);
    const call = { method: 'DELETE' as const, url: `/v1/workspaces/${ws}/members/${other.id}` };
    await expectAdminsOnly(h, member, outsider, call);
    await expectHiddenFrom(h, outsider, {
      ...call,
      url: `/v1/workspaces/${h.uniq('nope')}/members/${other.id}`,
    });
    expectInvalid(
      await h.request('DELETE', `/v1/workspaces/${ws}/members/not-a-user`, { as: h.admin }),
      'params.userId',
    );
    expect(await stateOf(h, ws)).toEqual(before);
  });
});
