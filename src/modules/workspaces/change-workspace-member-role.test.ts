import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor } from '../../test/security-matrix.ts';
import {
  accessLog,
  expectAdminsOnly,
  expectLatestAccessEntry,
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

describe('PATCH /v1/workspaces/:key/members/:userId', () => {
  it('changes a role and audits access.workspace_member.role_changed', async () => {
    const [ws, admin, member] = await workspaceWith(h, 'admin', 'member');
    const res = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: admin,
      body: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: member.id, email: member.email, role: 'admin' });
    expect(await roleOf(h, ws, member)).toBe('admin');
    await expectLatestAccessEntry(h, {
      action: 'access.workspace_member.role_changed',
      actor: admin,
      target: member,
      oldRole: 'MEMBER',
      newRole: 'ADMIN',
      ws,
    });
    // And back down: an admin may demote another admin.
    const down = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: admin,
      body: { role: 'member' },
    });
    expect(down.statusCode).toBe(200);
    expect((await accessLog(h, ws))[0]!.target.params).toMatchObject({
      old_role: 'ADMIN',
      new_role: 'MEMBER',
    });
  });

  it('writes no entry when the role does not change', async () => {
    const [ws, member] = await workspaceWith(h, 'member');
    const before = await stateOf(h, ws);
    const res = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: h.admin,
      body: { role: 'member' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('member');
    expect(await stateOf(h, ws)).toEqual(before);
  });

  it('keeps the ceiling: an admin cannot grant owner nor change an owner', async () => {
    const [ws, admin, owner, member] = await workspaceWith(h, 'admin', 'owner', 'member');
    const before = await stateOf(h, ws);
    for (const [target, role] of [
      [member, 'owner'],
      [admin, 'owner'],
      [owner, 'admin'],
      [owner, 'member'],
    ] as Array<[TestUser, string]>) {
      await expectForbiddenFor(h, admin, {
        method: 'PATCH',
        url: `/v1/workspaces/${ws}/members/${target.id}`,
        body: { role },
      });
    }
    expect(await stateOf(h, ws)).toEqual(before);
    // An owner can promote to owner.
    await promoteToOwner(h, ws, owner, member);
    expect((await accessLog(h, ws))[0]!.target.params).toMatchObject({
      old_role: 'MEMBER',
      new_role: 'OWNER',
    });
  });

  it('keeps the last owner (409) until a second owner exists', async () => {
    const owner = await h.user();
    const second = await h.user();
    const ws = await workspaceOwnedBy(h, owner, [[second, 'member']]);
    const before = await stateOf(h, ws);
    for (const as of [owner, h.admin]) {
      for (const role of ['admin', 'member']) {
        expectError(
          await h.request('PATCH', `/v1/workspaces/${ws}/members/${owner.id}`, { as, body: { role } }),
          409,
          'conflict',
        );
      }
    }
    expect(await stateOf(h, ws)).toEqual(before);
    await promoteToOwner(h, ws, owner, second);
    const demote = await h.request('PATCH', `/v1/workspaces/${ws}/members/${owner.id}`, {
      as: owner,
      body: { role: 'admin' },
    });
    expect(demote.statusCode).toBe(200);
    expect(await roleOf(h, ws, owner)).toBe('admin');
    expect(await roleOf(h, ws, second)).toBe('owner');
    // Now `second` is the last owner.
    expectError(
      await h.request('PATCH', `/v1/workspaces/${ws}/members/${second.id}`, {
        as: second,
        body: { role: 'member' },
      }),
      409,
      'conflict',
    );
  });

  it('answers 404 for a user who is not a member', async () => {
    const stranger = await h.user();
    const ws = await h.workspace();
    const before = await stateOf(h, ws);
    for (const id of [stranger.id, outsider.id, 'usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ']) {
      expectError(
        await h.request('PATCH', `/v1/workspaces/${ws}/members/${id}`, {
          as: h.admin,
          body: { role: 'admin' },
        }),
        404,
        'not_found',
      );
    }
    expect(await stateOf(h, ws)).toEqual(before);
  });

  it('is for admins: members get 403, non-members 404', async () => {
    const [ws, member, other] = await workspaceWith(h, 'member', 'member');
    const before = await stateOf(h, ws);
    const call = {
      method: 'PATCH' as const,
      url: `/v1/workspaces/${ws}/members/${other.id}`,
      body: { role: 'admin' },
    };
    await expectAdminsOnly(h, member, outsider, call);
    await expectForbiddenFor(h, member, { ...call, url: `/v1/workspaces/${ws}/members/${member.id}` });
    expect(await stateOf(h, ws)).toEqual(before);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const [ws, member] = await workspaceWith(h, 'member');
    const before = await stateOf(h, ws);
    const url = `/v1/workspaces/${ws}/members/${member.id}`;
    const cases: Array<[unknown, string]> = [
      [{}, 'body.role'],
      [{ role: 'boss' }, 'body.role'],
      [{ role: null }, 'body.role'],
      [{ role: ['admin'] }, 'body.role'],
      [{ role: 'admin', user_id: member.id }, 'body'],
      ...HOSTILE_STRINGS.map((s): [unknown, string] => [{ role: s }, 'body.role']),
    ];
    for (const [body, path] of cases) {
      expectInvalid(await h.request('PATCH', url, { as: h.admin, body }), path);
    }
    for (const bad of ['bob', 'usr_lower', enc('../usr_01'), enc("'; DROP TABLE users; --")]) {
      expectInvalid(
        await h.request('PATCH', `/v1/workspaces/${ws}/members/${bad}`, {
          as: h.admin,
          body: { role: 'admin' },
        }),
        'params.userId',
      );
    }
    expect(await stateOf(h, ws)).toEqual(before);
  });
});
