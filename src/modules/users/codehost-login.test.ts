import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectKeyRequired } from '../../test/security-matrix.ts';
import { auditLogPages } from '../audit/audit-scenario.fixtures.ts';

const h = useHarness();
const setLogin = (userId: string, body: unknown, as = h.admin) =>
  h.request('PATCH', `/v1/users/${userId}`, { as, body });

describe('PATCH /v1/users/:userId (code host login)', () => {
  it('is set by the user or a server admin, stored lower-case, shown in the users list and audited', async () => {
    const ana = await h.user();
    const res = await setLogin(ana.id, { codehost_login: 'Ana-Dev' }, ana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ana.id, codehost_login: 'ana-dev' });
    const listed = (await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '200' } })).json() as {
      items: Array<{ id: string; codehost_login: string | null }>;
    };
    expect(listed.items.find((u) => u.id === ana.id)?.codehost_login).toBe('ana-dev');
    expect((await setLogin(ana.id, { codehost_login: null })).json()).toMatchObject({ codehost_login: null });
    const entries = await auditLogPages(h, h.admin, { action_prefix: 'user.codehost_login_set' });
    expect(entries.map((e) => e.target.params)).toEqual([
      { user_id: ana.id, codehost_login: null, authority: 'server_admin' },
      { user_id: ana.id, codehost_login: 'ana-dev', authority: 'self' },
    ]);
  });

  it("refuses another user's login, a login held by someone else, bad logins and unknown users", async () => {
    const [ana, ben] = [await h.user(), await h.user()];
    await expectKeyRequired(h, {
      method: 'PATCH',
      url: `/v1/users/${ana.id}`,
      body: { codehost_login: 'x' },
    });
    expectError(await setLogin(ana.id, { codehost_login: 'ben-gh' }, ben), 403, 'forbidden');
    // A workspace admin sets the login of a member of their workspace, not of its owner or a stranger.
    const [owner, admin, member, stranger] = [await h.user(), await h.user(), await h.user(), await h.user()];
    await h.workspace([
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
    ]);
    expect((await setLogin(member.id, { codehost_login: 'member-gh' }, admin)).statusCode).toBe(200);
    expectError(await setLogin(owner.id, { codehost_login: 'owner-gh' }, admin), 403, 'forbidden');
    expectError(await setLogin(stranger.id, { codehost_login: 'stranger-gh' }, admin), 403, 'forbidden');
    const [byAdmin] = await auditLogPages(h, h.admin, { action_prefix: 'user.codehost_login_set' });
    expect(byAdmin?.target.params).toEqual({
      user_id: member.id,
      codehost_login: 'member-gh',
      authority: 'workspace_admin',
    });
    expect((await setLogin(ben.id, { codehost_login: 'ben-gh' }, ben)).statusCode).toBe(200);
    expect(
      expectError(await setLogin(ana.id, { codehost_login: 'BEN-gh' }), 409, 'conflict').message,
    ).toMatch(/another user/);
    for (const body of [
      {},
      { codehost_login: '' },
      { codehost_login: '-ana' },
      { codehost_login: 'ana--dev' },
      { codehost_login: 'a'.repeat(40) },
      { codehost_login: 'ana dev' },
      { codehost_login: 42 },
      { codehost_login: 'ana', is_admin: true },
    ]) {
      expectError(await setLogin(ana.id, body), 400, 'validation_failed');
    }
    expectError(await setLogin('usr_nobody', { codehost_login: 'nobody' }), 404, 'not_found');
    const listed = (await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '200' } })).json() as {
      items: Array<{ id: string; codehost_login: string | null }>;
    };
    expect(listed.items.find((u) => u.id === ana.id)?.codehost_login).toBeNull();
  });
});
