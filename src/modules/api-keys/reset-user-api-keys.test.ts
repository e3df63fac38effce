import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { isWellFormedKey } from './key-format.ts';
import {
  auditLog,
  BAD_PATH_IDS,
  bearer,
  createKey,
  expectKeyRejected,
  expectKeyWorks,
  KEY_SHAPE,
  keysOf,
  newUsers,
  pathOf,
  reset,
  view,
} from './keys.fixtures.ts';

const h = useHarness();

describe('POST /v1/users/:userId/api-keys/reset', () => {
  let owner: TestUser;
  let admin: TestUser;
  let admin2: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let ws: string;
  const url = (u: TestUser | string) => `/v1/users/${typeof u === 'string' ? u : u.id}/api-keys/reset`;

  /**
   * `as` resets `target`: the target's key and `otherKeys` stop working, the key behind the one-time link
   * works. Returns that key and the target holding it.
   */
  async function resetAndReveal(as: TestUser, target: TestUser, ...otherKeys: string[]) {
    const answer = await reset(h, as, target.id);
    for (const key of [target.key, ...otherKeys]) await expectKeyRejected(h, key);
    const revealed: { id: string; api_key: string } = (await view(h, answer.one_time_url)).json();
    await expectKeyWorks(h, revealed.api_key, target.id);
    const holder: TestUser = { ...target, key: revealed.api_key, headers: bearer(revealed.api_key).headers };
    return { revealed, holder };
  }

  beforeAll(async () => {
    [owner, admin, admin2, member, outsider] = await newUsers(h, 5);
    ws = await h.workspace([
      [owner, 'owner'],
      [admin, 'admin'],
      [admin2, 'admin'],
      [member, 'member'],
    ]);
  });

  it('revokes all active keys and issues one pending key behind a one-time link (server admin)', async () => {
    const user = await h.user();
    const extra = [await createKey(h, user, { label: 'two' }), await createKey(h, user, { label: 'three' })];
    const alreadyRevoked = await createKey(h, user, { label: 'old' });
    await h.request('POST', `/v1/api-keys/${alreadyRevoked.id}/revoke`, { as: user });
    const activeIds = (await keysOf(h, user.id)).filter((k) => k.status === 'active').map((k) => k.id);
    expect(activeIds).toHaveLength(3);

    const res = await h.request('POST', url(user), { as: h.admin });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(Object.keys(answer).sort()).toEqual(['expires_at', 'one_time_url']);
    expect(answer.one_time_url).toMatch(/^http:\/\/ctxhub\.test\/v1\/api-keys\/one-time\/[^/?#]+$/);
    const ttlMs = h.config.oneTimeTokenTtlSeconds * 1000;
    const left = Date.parse(answer.expires_at) - h.clock.now().getTime();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(ttlMs);

    for (const key of [user.key, ...extra.map((k) => k.api_key)]) await expectKeyRejected(h, key);
    const after = await keysOf(h, user.id);
    expect(after).toHaveLength(5);
    const pending = after.filter((k) => k.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ label: 'reset', prefix: null, revoked_at: null });
    expect(after.filter((k) => k.status === 'revoked')).toHaveLength(4);

    const reveal = await view(h, answer.one_time_url);
    expect(reveal.statusCode, reveal.body).toBe(200);
    const revealed = reveal.json();
    expect(Object.keys(revealed).sort()).toEqual(['api_key', 'expires_at', 'id', 'label']);
    expect(revealed).toMatchObject({ id: pending[0]!.id, label: 'reset', expires_at: null });
    expect(revealed.api_key).toMatch(KEY_SHAPE);
    expect(isWellFormedKey(revealed.api_key)).toBe(true);
    await expectKeyWorks(h, revealed.api_key, user.id);
    const now = (await keysOf(h, user.id)).find((k) => k.id === revealed.id);
    expect(now).toMatchObject({ status: 'active', prefix: revealed.api_key.slice(0, 12) });

    expectError(await view(h, answer.one_time_url), 410, 'gone');

    const [entry, ...more] = (await auditLog(h, { action_prefix: 'api_key.reset' })).filter(
      (e) => e.target.id === user.id,
    );
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      workspace_key: null,
      target: {
        type: 'user',
        params: { user_id: user.id, new_key_id: revealed.id, authority: 'server_admin' },
      },
      actor: { user_id: h.admin.id },
    });
    expect([...(entry!.target.params.revoked_key_ids as string[])].sort()).toEqual([...activeIds].sort());
    const text = JSON.stringify(entry);
    expect(text).not.toContain(revealed.api_key);
    expect(text).not.toContain(pathOf(answer.one_time_url).split('/').pop());
  });

  it('lets a workspace admin reset a lower-role member, audited in that workspace', async () => {
    const spare = await createKey(h, member, { label: 'spare' });
    const { revealed, holder } = await resetAndReveal(admin, member, spare.api_key);
    member = holder;

    const entries = (await auditLog(h, { workspace_key: ws, action_prefix: 'api_key.' }, admin)).filter(
      (e) => e.action === 'api_key.reset' && e.target.id === member.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_key: ws,
      actor: { user_id: admin.id },
      target: { params: { authority: 'workspace_admin', new_key_id: revealed.id } },
    });
    expect(entries[0]!.target.params.revoked_key_ids).toEqual(expect.arrayContaining([spare.id]));
    expect(entries[0]!.target.params.revoked_key_ids).toHaveLength(2);
  });

  it('lets a workspace owner reset an admin', async () => {
    admin2 = (await resetAndReveal(owner, admin2)).holder;
  });

  it('is for admins only: 403 for fellow members without authority, 404 for strangers', async () => {
    const resetsBefore = (await auditLog(h, { workspace_key: ws, action_prefix: 'api_key.reset' }, owner))
      .length;
    const serverResetsBefore = (await auditLog(h, { action_prefix: 'api_key.reset' })).length;
    const call = (u: TestUser | string) => ({ method: 'POST' as const, url: url(u) });
    await expectForbiddenFor(h, member, call(admin));
    await expectForbiddenFor(h, member, call(member));
    await expectForbiddenFor(h, admin, call(admin2));
    await expectForbiddenFor(h, admin, call(owner));
    await expectForbiddenFor(h, admin, call(admin));
    await expectHiddenFrom(h, outsider, call(member));
    await expectHiddenFrom(h, admin, call(outsider));
    await expectHiddenFrom(h, h.admin, call('usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ'));
    // Nothing changed: every key still works and no reset was recorded.
    for (const u of [owner, admin, admin2, member, outsider]) await expectKeyWorks(h, u.key, u.id);
    expect((await auditLog(h, { workspace_key: ws, action_prefix: 'api_key.reset' }, owner)).length).toBe(
      resetsBefore,
    );
    expect((await auditLog(h, { action_prefix: 'api_key.reset' })).length).toBe(serverResetsBefore);
  });

  it('does not let a workspace owner take over a server administrator who is a member there', async () => {
    const serverAdmin = await h.user({ isAdmin: true });
    const wsOwner = await h.user();
    await h.workspace([
      [wsOwner, 'owner'],
      [serverAdmin, 'member'],
    ]);
    await expectForbiddenFor(h, wsOwner, { method: 'POST', url: url(serverAdmin) });
    const spare = await createKey(h, serverAdmin, { label: 'admin-spare' });
    await expectForbiddenFor(h, wsOwner, { method: 'POST', url: `/v1/api-keys/${spare.id}/revoke` });
    await expectKeyWorks(h, serverAdmin.key, serverAdmin.id);
    await expectKeyWorks(h, spare.api_key, serverAdmin.id);
  });

  it('rejects bad user ids and bodies it does not take, changing nothing', async () => {
    for (const id of [...BAD_PATH_IDS, 'usr_lower', '%00']) {
      expectInvalid(await h.request('POST', url(id), { as: h.admin }), 'params.userId');
    }
    for (const body of [{ user_id: outsider.id }, { label: 'mine' }, [member.id]]) {
      expectInvalid(await h.request('POST', url(member), { as: h.admin, body }), 'body');
    }
    expectError(
      await h.request('POST', url(member), {
        as: h.admin,
        body: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    await expectKeyWorks(h, member.key, member.id);
    await expectKeyWorks(h, outsider.key, outsider.id);
    expect((await keysOf(h, member.id)).filter((k) => k.status === 'pending')).toHaveLength(0);
  });

  it('needs a valid key', async () => {
    await expectKeyRequired(h, { method: 'POST', url: url(member) });
    await expectKeyWorks(h, member.key, member.id);
  });
});
