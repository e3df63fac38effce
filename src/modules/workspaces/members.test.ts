import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, Harness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';

let h: Harness;
let outsider: TestUser; // member of another workspace only

beforeAll(async () => {
  h = await Harness.start();
  outsider = await h.user({ name: 'Olga' });
  await h.workspace([[outsider, 'owner']]);
});
afterAll(() => h.close());

interface Member {
  user_id: string;
  email: string;
  name: string | null;
  role: string;
  created_at: string;
}

interface AuditEntry {
  id: string;
  action: string;
  target: { type: string; id: string | null; params: Record<string, unknown> };
  actor: { user_id: string | null; system: string | null };
  correlation_id: string | null;
}

/** The access entries of a workspace, newest first (read as the server admin). */
async function accessLog(ws: string): Promise<AuditEntry[]> {
  const res = await h.request('GET', '/v1/audit-logs', {
    as: h.admin,
    query: { workspace_key: ws, action_prefix: 'access.', limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as AuditEntry[];
}

/** Members sorted by user id (the list's order), read as the server admin. */
async function membersOf(ws: string): Promise<Member[]> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/members`, {
    as: h.admin,
    query: { limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as Member[];
}

const roleOf = async (ws: string, user: TestUser) =>
  (await membersOf(ws)).find((m) => m.user_id === user.id)?.role ?? null;

async function projectMembersOf(ws: string, project: string): Promise<Member[]> {
  const res = await h.request('GET', `/v1/projects/${enc(project)}/members`, {
    as: h.admin,
    query: { workspace_key: ws },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as Member[];
}

/** Snapshot of everything a membership request could change. */
const stateOf = async (ws: string) => ({ members: await membersOf(ws), log: await accessLog(ws) });

/** A workspace whose only owner is `owner` (the creating server admin leaves it). */
async function soleOwnerWorkspace(owner: TestUser, others: Array<[TestUser, 'admin' | 'member']> = []) {
  const ws = await h.workspace([[owner, 'owner'], ...others]);
  const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${h.admin.id}`, { as: owner });
  expect(res.statusCode).toBe(204);
  return ws;
}

describe('GET /v1/workspaces/:key/members', () => {
  it('lists members with user_id, email, name and role to any member', async () => {
    const admin = await h.user({ name: 'Ada' });
    const member = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [member, 'member'],
    ]);
    const res = await h.request('GET', `/v1/workspaces/${ws}/members`, { as: member });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    const expected = [
      { user_id: h.admin.id, email: h.admin.email, role: 'owner' },
      { user_id: admin.id, email: admin.email, name: 'Ada', role: 'admin' },
      { user_id: member.id, email: member.email, name: null, role: 'member' },
    ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(body.items).toMatchObject(expected);
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'email', 'name', 'role', 'user_id']);
    }
  });

  it('pages with an opaque cursor without overlap', async () => {
    const users = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    const ws = await h.workspace(users.map((u): [TestUser, 'member'] => [u, 'member']));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
      const res = await h.request('GET', `/v1/workspaces/${ws}/members`, { as: users[0]!, query });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((m: Member) => m.user_id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([h.admin.id, ...users.map((u) => u.id)].sort());
  });

  it('is hidden from non-members and needs a key', async () => {
    const ws = await h.workspace();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${ws}/members` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, outsider, { ...call, url: `/v1/workspaces/${h.uniq('nope')}/members` });
  });

  it('rejects bad paging input', async () => {
    const ws = await h.workspace();
    for (const [query, path] of [
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '201' }, 'query.limit'],
      [{ cursor: '!!!' }, 'query.cursor'],
      [{ role: 'owner' }, 'query'],
    ] as Array<[Record<string, string>, string]>) {
      expectInvalid(await h.request('GET', `/v1/workspaces/${ws}/members`, { as: h.admin, query }), path);
    }
  });
});

describe('POST /v1/workspaces/:key/members', () => {
  it('adds a user by user_id and audits access.workspace_member.added', async () => {
    const admin = await h.user();
    const newcomer = await h.user({ name: 'Nia' });
    const ws = await h.workspace([[admin, 'admin']]);
    const res = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: admin,
      body: { user_id: newcomer.id, role: 'member' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user_id: newcomer.id,
      email: newcomer.email,
      name: 'Nia',
      role: 'member',
      created_at: expect.any(String),
    });
    expect(await roleOf(ws, newcomer)).toBe('member');
    const [entry] = await accessLog(ws);
    expect(entry!.action).toBe('access.workspace_member.added');
    expect(entry!.actor.user_id).toBe(admin.id);
    expect(entry!.target.params).toEqual({
      source: 'manual',
      target_user_id: newcomer.id,
      old_role: null,
      new_role: 'MEMBER',
      workspace_key: ws,
    });
    // The newcomer now sees the workspace.
    expect((await h.request('GET', `/v1/workspaces/${ws}`, { as: newcomer })).statusCode).toBe(200);
  });

  it('adds a user by e-mail, in any case', async () => {
    const newcomer = await h.user();
    const ws = await h.workspace();
    const res = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: h.admin,
      body: { email: newcomer.email.toUpperCase(), role: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: newcomer.id, role: 'admin' });
    const [entry] = await accessLog(ws);
    expect(entry!.target.params).toMatchObject({ target_user_id: newcomer.id, new_role: 'ADMIN' });
  });

  it('needs exactly one of user_id or email', async () => {
    const newcomer = await h.user();
    const ws = await h.workspace();
    const before = await stateOf(ws);
    for (const body of [
      { role: 'member' },
      { user_id: newcomer.id, email: newcomer.email, role: 'member' },
    ]) {
      expectInvalid(
        await h.request('POST', `/v1/workspaces/${ws}/members`, { as: h.admin, body }),
        'body.user_id',
      );
    }
    expect(await stateOf(ws)).toEqual(before);
  });

  it('answers 409 for an existing member, keeping their role', async () => {
    const member = await h.user();
    const ws = await h.workspace([[member, 'member']]);
    const before = await stateOf(ws);
    for (const body of [
      { user_id: member.id, role: 'admin' },
      { email: member.email, role: 'member' },
    ]) {
      expectError(
        await h.request('POST', `/v1/workspaces/${ws}/members`, { as: h.admin, body }),
        409,
        'conflict',
      );
    }
    expect(await stateOf(ws)).toEqual(before);
  });

  it('answers 404 for an unknown user', async () => {
    const ws = await h.workspace();
    const before = await stateOf(ws);
    expectError(
      await h.request('POST', `/v1/workspaces/${ws}/members`, {
        as: h.admin,
        body: { user_id: 'usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ', role: 'member' },
      }),
      404,
      'not_found',
    );
    expectError(
      await h.request('POST', `/v1/workspaces/${ws}/members`, {
        as: h.admin,
        body: { email: `${h.uniq('ghost')}@example.test`, role: 'member' },
      }),
      404,
      'not_found',
    );
    expect(await stateOf(ws)).toEqual(before);
  });

  it('never grants a role above the caller: an admin cannot add an owner, an owner can', async () => {
    const admin = await h.user();
    const owner = await h.user();
    const a = await h.user();
    const b = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [owner, 'owner'],
    ]);
    const before = await stateOf(ws);
    await expectForbiddenFor(h, admin, {
      method: 'POST',
      url: `/v1/workspaces/${ws}/members`,
      body: { user_id: a.id, role: 'owner' },
    });
    expect(await stateOf(ws)).toEqual(before);
    const asAdmin = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: admin,
      body: { user_id: a.id, role: 'admin' },
    });
    expect(asAdmin.statusCode).toBe(201);
    const asOwner = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: owner,
      body: { user_id: b.id, role: 'owner' },
    });
    expect(asOwner.statusCode).toBe(201);
    expect(await roleOf(ws, b)).toBe('owner');
  });

  it('is for admins: members get 403, non-members 404', async () => {
    const member = await h.user();
    const target = await h.user();
    const ws = await h.workspace([[member, 'member']]);
    const before = await stateOf(ws);
    const call = {
      method: 'POST' as const,
      url: `/v1/workspaces/${ws}/members`,
      body: { user_id: target.id, role: 'member' },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, member, call);
    await expectHiddenFrom(h, outsider, call);
    // Not even themselves.
    await expectHiddenFrom(h, target, call);
    expect(await stateOf(ws)).toEqual(before);
  });

  it('rejects bad input with the field path, adding nobody', async () => {
    const target = await h.user();
    const ws = await h.workspace();
    const before = await stateOf(ws);
    const cases: Array<[unknown, string]> = [
      [{ user_id: target.id }, 'body.role'],
      [{ user_id: target.id, role: 'superuser' }, 'body.role'],
      [{ user_id: target.id, role: 'OWNER' }, 'body.role'],
      [{ user_id: target.id, role: 1 }, 'body.role'],
      [{ user_id: target.id, role: 'maintainer' }, 'body.role'],
      [{ user_id: 42, role: 'member' }, 'body.user_id'],
      [{ user_id: 'bob', role: 'member' }, 'body.user_id'],
      [{ user_id: `usr_${'A'.repeat(61)}`, role: 'member' }, 'body.user_id'],
      [{ email: 'no-at-sign', role: 'member' }, 'body.email'],
      [{ email: `${'a'.repeat(250)}@x.test`, role: 'member' }, 'body.email'],
      [{ user_id: target.id, role: 'member', workspace_key: ws }, 'body'],
      [{ user_id: target.id, role: 'member', is_admin: true }, 'body'],
      [['member'], 'body'],
    ];
    for (const s of HOSTILE_STRINGS) {
      cases.push([{ user_id: s, role: 'member' }, 'body.user_id']);
      cases.push([{ email: s, role: 'member' }, 'body.email']);
      cases.push([{ user_id: target.id, role: s }, 'body.role']);
    }
    for (const [body, path] of cases) {
      expectInvalid(await h.request('POST', `/v1/workspaces/${ws}/members`, { as: h.admin, body }), path);
    }
    expectInvalid(
      await h.request('POST', '/v1/workspaces/Bad%20Key/members', {
        as: h.admin,
        body: { user_id: target.id, role: 'member' },
      }),
      'params.key',
    );
    const huge = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: h.admin,
      body: JSON.stringify({ user_id: target.id, role: 'member', pad: 'x'.repeat(h.config.bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
    expect(await stateOf(ws)).toEqual(before);
  });
});

describe('PATCH /v1/workspaces/:key/members/:userId', () => {
  it('changes a role and audits access.workspace_member.role_changed', async () => {
    const admin = await h.user();
    const member = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [member, 'member'],
    ]);
    const res = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: admin,
      body: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: member.id, email: member.email, role: 'admin' });
    expect(await roleOf(ws, member)).toBe('admin');
    const [entry] = await accessLog(ws);
    expect(entry!.action).toBe('access.workspace_member.role_changed');
    expect(entry!.actor.user_id).toBe(admin.id);
    expect(entry!.target.params).toEqual({
      source: 'manual',
      target_user_id: member.id,
      old_role: 'MEMBER',
      new_role: 'ADMIN',
      workspace_key: ws,
    });
    // And back down: an admin may demote another admin.
    const down = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: admin,
      body: { role: 'member' },
    });
    expect(down.statusCode).toBe(200);
    expect((await accessLog(ws))[0]!.target.params).toMatchObject({ old_role: 'ADMIN', new_role: 'MEMBER' });
  });

  it('writes no entry when the role does not change', async () => {
    const member = await h.user();
    const ws = await h.workspace([[member, 'member']]);
    const before = await stateOf(ws);
    const res = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: h.admin,
      body: { role: 'member' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('member');
    expect(await stateOf(ws)).toEqual(before);
  });

  it('keeps the ceiling: an admin cannot grant owner nor change an owner', async () => {
    const admin = await h.user();
    const owner = await h.user();
    const member = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [owner, 'owner'],
      [member, 'member'],
    ]);
    const before = await stateOf(ws);
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
    expect(await stateOf(ws)).toEqual(before);
    // An owner can promote to owner.
    const res = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: owner,
      body: { role: 'owner' },
    });
    expect(res.statusCode).toBe(200);
    expect((await accessLog(ws))[0]!.target.params).toMatchObject({ old_role: 'MEMBER', new_role: 'OWNER' });
  });

  it('keeps the last owner (409) until a second owner exists', async () => {
    const owner = await h.user();
    const second = await h.user();
    const ws = await soleOwnerWorkspace(owner, [[second, 'member']]);
    const before = await stateOf(ws);
    for (const as of [owner, h.admin]) {
      for (const role of ['admin', 'member']) {
        expectError(
          await h.request('PATCH', `/v1/workspaces/${ws}/members/${owner.id}`, { as, body: { role } }),
          409,
          'conflict',
        );
      }
    }
    expect(await stateOf(ws)).toEqual(before);
    const promote = await h.request('PATCH', `/v1/workspaces/${ws}/members/${second.id}`, {
      as: owner,
      body: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(200);
    const demote = await h.request('PATCH', `/v1/workspaces/${ws}/members/${owner.id}`, {
      as: owner,
      body: { role: 'admin' },
    });
    expect(demote.statusCode).toBe(200);
    expect(await roleOf(ws, owner)).toBe('admin');
    expect(await roleOf(ws, second)).toBe('owner');
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
    const before = await stateOf(ws);
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
    expect(await stateOf(ws)).toEqual(before);
  });

  it('is for admins: members get 403, non-members 404', async () => {
    const member = await h.user();
    const other = await h.user();
    const ws = await h.workspace([
      [member, 'member'],
      [other, 'member'],
    ]);
    const before = await stateOf(ws);
    const call = {
      method: 'PATCH' as const,
      url: `/v1/workspaces/${ws}/members/${other.id}`,
      body: { role: 'admin' },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, member, call);
    await expectForbiddenFor(h, member, { ...call, url: `/v1/workspaces/${ws}/members/${member.id}` });
    await expectHiddenFrom(h, outsider, call);
    expect(await stateOf(ws)).toEqual(before);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const member = await h.user();
    const ws = await h.workspace([[member, 'member']]);
    const before = await stateOf(ws);
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
    expect(await stateOf(ws)).toEqual(before);
  });
});

describe('DELETE /v1/workspaces/:key/members/:userId', () => {
  it('removes a member and audits access.workspace_member.removed', async () => {
    const admin = await h.user();
    const member = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [member, 'member'],
    ]);
    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await roleOf(ws, member)).toBeNull();
    await expectHiddenFrom(h, member, { method: 'GET', url: `/v1/workspaces/${ws}` });
    const [entry] = await accessLog(ws);
    expect(entry!.action).toBe('access.workspace_member.removed');
    expect(entry!.actor.user_id).toBe(admin.id);
    expect(entry!.target.params).toEqual({
      source: 'manual',
      target_user_id: member.id,
      old_role: 'MEMBER',
      new_role: null,
      workspace_key: ws,
      correlation_id: entry!.correlation_id,
    });
    // A removed member can be added again.
    const again = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: admin,
      body: { user_id: member.id, role: 'member' },
    });
    expect(again.statusCode).toBe(201);
  });

  it("removes the member's project memberships too, with one correlation id", async () => {
    const member = await h.user();
    const ws = await h.workspace([[member, 'member']]);
    const p1 = await h.project(ws, [[member, 'writer']]);
    const p2 = await h.project(ws, [[member, 'reader']], `codehost:acme/${h.uniq('mono')}#apps/web`);
    const untouched = await h.project(ws);
    const otherWs = await h.workspace([[member, 'member']]);
    const otherProject = await h.project(otherWs, [[member, 'maintainer']]);
    const otherBefore = await stateOf(otherWs);

    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: h.admin });
    expect(res.statusCode).toBe(204);

    expect(await projectMembersOf(ws, p1)).toEqual([]);
    expect(await projectMembersOf(ws, p2)).toEqual([]);
    expect(await projectMembersOf(ws, untouched)).toEqual([]);
    // Memberships in another workspace stay.
    expect((await projectMembersOf(otherWs, otherProject)).map((m) => [m.user_id, m.role])).toEqual([
      [member.id, 'maintainer'],
    ]);
    expect(await stateOf(otherWs)).toEqual(otherBefore);

    const log = await accessLog(ws);
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
        { project_key: p1, old_role: 'WRITER' },
        { project_key: p2, old_role: 'READER' },
      ]
        .sort((a, b) => a.project_key.localeCompare(b.project_key))
        .map((p) => ({
          source: 'manual',
          target_user_id: member.id,
          old_role: p.old_role,
          new_role: null,
          workspace_key: ws,
          project_key: p.project_key,
          correlation_id: correlation,
        })),
    );
    for (const e of projectEntries) expect(e.correlation_id).toBe(correlation);
  });

  it('keeps the ceiling: an admin cannot remove an owner', async () => {
    const admin = await h.user();
    const owner = await h.user();
    const ws = await h.workspace([
      [admin, 'admin'],
      [owner, 'owner'],
    ]);
    const before = await stateOf(ws);
    for (const target of [owner, h.admin]) {
      await expectForbiddenFor(h, admin, {
        method: 'DELETE',
        url: `/v1/workspaces/${ws}/members/${target.id}`,
      });
    }
    expect(await stateOf(ws)).toEqual(before);
    // An admin may leave, and remove another admin.
    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${admin.id}`, { as: admin });
    expect(res.statusCode).toBe(204);
  });

  it('keeps the last owner (409) until a second owner exists', async () => {
    const owner = await h.user();
    const second = await h.user();
    const ws = await soleOwnerWorkspace(owner, [[second, 'admin']]);
    const before = await stateOf(ws);
    for (const as of [owner, h.admin]) {
      expectError(
        await h.request('DELETE', `/v1/workspaces/${ws}/members/${owner.id}`, { as }),
        409,
        'conflict',
      );
    }
    expect(await stateOf(ws)).toEqual(before);
    expect(
      (
        await h.request('PATCH', `/v1/workspaces/${ws}/members/${second.id}`, {
          as: owner,
          body: { role: 'owner' },
        })
      ).statusCode,
    ).toBe(200);
    const res = await h.request('DELETE', `/v1/workspaces/${ws}/members/${owner.id}`, { as: owner });
    expect(res.statusCode).toBe(204);
    expect((await membersOf(ws)).map((m) => [m.user_id, m.role])).toEqual([[second.id, 'owner']]);
  });

  it('answers 404 for a user who is not a member', async () => {
    const stranger = await h.user();
    const ws = await h.workspace();
    const before = await stateOf(ws);
    expectError(
      await h.request('DELETE', `/v1/workspaces/${ws}/members/${stranger.id}`, { as: h.admin }),
      404,
      'not_found',
    );
    expect(await stateOf(ws)).toEqual(before);
  });

  it('is for admins: members get 403, non-members 404', async () => {
    const member = await h.user();
    const other = await h.user();
    const ws = await h.workspace([
      [member, 'member'],
      [other, 'member'],
    ]);
    const before = await stateOf(ws);
    const call = { method: 'DELETE' as const, url: `/v1/workspaces/${ws}/members/${other.id}` };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, member, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, outsider, {
      ...call,
      url: `/v1/workspaces/${h.uniq('nope')}/members/${other.id}`,
    });
    expectInvalid(
      await h.request('DELETE', `/v1/workspaces/${ws}/members/not-a-user`, { as: h.admin }),
      'params.userId',
    );
    expect(await stateOf(ws)).toEqual(before);
  });
});

describe('concurrent membership changes', () => {
  /** A workspace whose only owners are two fresh users. */
  async function twoOwners() {
    const a = await h.user();
    const b = await h.user();
    const ws = await h.workspace([
      [a, 'owner'],
      [b, 'owner'],
    ]);
    const leave = await h.request('DELETE', `/v1/workspaces/${ws}/members/${h.admin.id}`, { as: a });
    expect(leave.statusCode).toBe(204);
    return { a, b, ws };
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
      const owners = (await membersOf(ws)).filter((m) => m.role === 'owner');
      expect(owners).toHaveLength(1);
      const changes = (await accessLog(ws)).filter(
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
      const members = await membersOf(ws);
      expect(members.map((m) => m.role)).toEqual(['owner']);
    }
  });
});
