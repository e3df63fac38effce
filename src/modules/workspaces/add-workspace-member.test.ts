import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom } from '../../test/security-matrix.ts';
import {
  accessLog,
  expectAdminsOnly,
  expectLatestAccessEntry,
  outsiderWithWorkspace,
  roleOf,
  stateOf,
  workspaceWith,
} from './members.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // member of another workspace only

beforeAll(async () => {
  ({ outsider } = await outsiderWithWorkspace(h));
});

/** The server admin asks to add each body to `ws`; `check` judges every answer, and `ws` stays as it was. */
async function expectEachRefused(
  ws: string,
  bodies: unknown[],
  check: (res: LightMyRequestResponse) => unknown,
) {
  const before = await stateOf(h, ws);
  for (const body of bodies) {
    check(await h.request('POST', `/v1/workspaces/${ws}/members`, { as: h.admin, body }));
  }
  expect(await stateOf(h, ws)).toEqual(before);
}

describe('POST /v1/workspaces/:key/members', () => {
  it('adds a user by user_id and audits access.workspace_member.added', async () => {
    const newcomer = await h.user({ name: 'Nia' });
    const [ws, admin] = await workspaceWith(h, 'admin');
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
    expect(await roleOf(h, ws, newcomer)).toBe('member');
    await expectLatestAccessEntry(h, {
      action: 'access.workspace_member.added',
      actor: admin,
      target: newcomer,
      oldRole: null,
      newRole: 'MEMBER',
      ws,
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
    const [entry] = await accessLog(h, ws);
    expect(entry!.target.params).toMatchObject({ target_user_id: newcomer.id, new_role: 'ADMIN' });
  });

  it('needs exactly one of user_id or email', async () => {
    const newcomer = await h.user();
    const ws = await h.workspace();
    await expectEachRefused(
      ws,
      [{ role: 'member' }, { user_id: newcomer.id, email: newcomer.email, role: 'member' }],
      (res) => expectInvalid(res, 'body.user_id'),
    );
  });

  it('answers 409 for an existing member, keeping their role', async () => {
    const [ws, member] = await workspaceWith(h, 'member');
    await expectEachRefused(
      ws,
      [
        { user_id: member.id, role: 'admin' },
        { email: member.email, role: 'member' },
      ],
      (res) => expectError(res, 409, 'conflict'),
    );
  });

  it('answers 404 for an unknown user', async () => {
    const ws = await h.workspace();
    await expectEachRefused(
      ws,
      [
        { user_id: 'usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ', role: 'member' },
        { email: `${h.uniq('ghost')}@example.test`, role: 'member' },
      ],
      (res) => expectError(res, 404, 'not_found'),
    );
  });

  it('never grants a role above the caller: an admin cannot add an owner, an owner can', async () => {
    const a = await h.user();
    const b = await h.user();
    const [ws, admin, owner] = await workspaceWith(h, 'admin', 'owner');
    const before = await stateOf(h, ws);
    await expectForbiddenFor(h, admin, {
      method: 'POST',
      url: `/v1/workspaces/${ws}/members`,
      body: { user_id: a.id, role: 'owner' },
    });
    expect(await stateOf(h, ws)).toEqual(before);
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
    expect(await roleOf(h, ws, b)).toBe('owner');
  });

  it('is for admins: members get 403, non-members 404', async () => {
    const target = await h.user();
    const [ws, member] = await workspaceWith(h, 'member');
    const before = await stateOf(h, ws);
    const call = {
      method: 'POST' as const,
      url: `/v1/workspaces/${ws}/members`,
      body: { user_id: target.id, role: 'member' },
    };
    await expectAdminsOnly(h, member, outsider, call);
    // Not even themselves.
    await expectHiddenFrom(h, target, call);
    expect(await stateOf(h, ws)).toEqual(before);
  });

  it('rejects bad input with the field path, adding nobody', async () => {
    const target = await h.user();
    const ws = await h.workspace();
    const before = await stateOf(h, ws);
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
    expect(await stateOf(h, ws)).toEqual(before);
  });
});
