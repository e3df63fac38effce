import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  auditLog,
  BAD_PATH_IDS,
  bearer,
  createKey,
  expectKeyRejected,
  expectKeyWorks,
  METADATA_FIELDS,
  newUsers,
} from './keys.fixtures.ts';

const h = useHarness();

describe('POST /v1/api-keys/:id/revoke', () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let member2: TestUser;
  let outsider: TestUser;
  let ws: string;
  const url = (id: string) => `/v1/api-keys/${id}/revoke`;
  /** The server-wide api_key.revoked entries about the given keys. */
  const revocationsOf = async (...keyIds: string[]) =>
    (await auditLog(h, { action_prefix: 'api_key.revoked' })).filter((e) =>
      keyIds.includes(e.target.id ?? ''),
    );

  beforeAll(async () => {
    [owner, admin, member, member2, outsider] = await newUsers(h, 5);
    ws = await h.workspace([
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
      [member2, 'member'],
    ]);
  });

  it('lets the owner revoke their key, which then gets 401; audited', async () => {
    const spare = await createKey(h, member, { label: 'spare' });
    await expectKeyWorks(h, spare.api_key, member.id);
    const res = await h.request('POST', url(spare.id), { as: member });
    expect(res.statusCode, res.body).toBe(200);
    const revoked = res.json();
    expect(Object.keys(revoked).sort()).toEqual(METADATA_FIELDS);
    expect(revoked).toMatchObject({ id: spare.id, label: 'spare', status: 'revoked' });
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect(res.body).not.toContain(spare.api_key);
    await expectKeyRejected(h, spare.api_key);
    await expectKeyWorks(h, member.key, member.id);

    const entries = await revocationsOf(spare.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target: { type: 'api_key', params: { key_id: spare.id, user_id: member.id, authority: 'self' } },
      actor: { user_id: member.id },
    });
  });

  it('lets a key revoke itself', async () => {
    const self = await createKey(h, member2, { label: 'self' });
    const res = await h.request('POST', url(self.id), bearer(self.api_key));
    expect(res.statusCode).toBe(200);
    await expectKeyRejected(h, self.api_key);
  });

  it('is idempotent: a second revoke answers 200, unchanged, and is audited once', async () => {
    const spare = await createKey(h, member, { label: 'twice' });
    const first = await h.request('POST', url(spare.id), { as: member });
    expect(first.statusCode).toBe(200);
    h.clock.advance(5_000);
    const second = await h.request('POST', url(spare.id), { as: member });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const byAdmin = await h.request('POST', url(spare.id), { as: h.admin });
    expect(byAdmin.json()).toEqual(first.json());
    expect(await revocationsOf(spare.id)).toHaveLength(1);
  });

  it('lets a workspace admin revoke a lower-role member’s key, audited in the workspace', async () => {
    const spare = await createKey(h, member, { label: 'by-admin' });
    const res = await h.request('POST', url(spare.id), { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('revoked');
    await expectKeyRejected(h, spare.api_key);
    const entries = (await auditLog(h, { workspace_key: ws, action_prefix: 'api_key.' }, admin)).filter(
      (e) => e.target.id === spare.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_key: ws,
      action: 'api_key.revoked',
      target: { params: { authority: 'workspace_admin', user_id: member.id } },
      actor: { user_id: admin.id },
    });
  });

  it('lets a server admin revoke anyone’s key', async () => {
    const spare = await createKey(h, outsider, { label: 'by-server-admin' });
    const res = await h.request('POST', url(spare.id), { as: h.admin });
    expect(res.statusCode).toBe(200);
    await expectKeyRejected(h, spare.api_key);
    const [entry] = await revocationsOf(spare.id);
    expect(entry?.target.params.authority).toBe('server_admin');
  });

  it('hides other people’s keys from unrelated users (404), forbids fellow members (403)', async () => {
    const target = await createKey(h, member, { label: 'target' });
    const ownerKey = await createKey(h, owner, { label: 'owner' });
    const call = (id: string) => ({ method: 'POST' as const, url: url(id) });
    await expectHiddenFrom(h, outsider, call(target.id));
    await expectHiddenFrom(h, member, call('key_01ZZZZZZZZZZZZZZZZZZZZZZZZ'));
    await expectForbiddenFor(h, member2, call(target.id));
    await expectForbiddenFor(h, member, call(ownerKey.id));
    await expectForbiddenFor(h, admin, call(ownerKey.id));
    // Nothing changed.
    await expectKeyWorks(h, target.api_key, member.id);
    await expectKeyWorks(h, ownerKey.api_key, owner.id);
    expect(await revocationsOf(target.id, ownerKey.id)).toHaveLength(0);
  });

  it('rejects bad key ids with params.id, revoking nothing', async () => {
    for (const id of [...BAD_PATH_IDS, 'key_lower', 'usr_01ABC', `key_${'A'.repeat(61)}`, '%00']) {
      expectInvalid(await h.request('POST', url(id), { as: member }), 'params.id');
    }
    await expectKeyWorks(h, member.key, member.id);
  });

  it('takes no body: fields are rejected, an empty JSON body is fine', async () => {
    const spare = await createKey(h, member, { label: 'body' });
    const post = (body: unknown, headers?: Record<string, string>) =>
      h.request('POST', url(spare.id), { as: member, body, ...(headers ? { headers } : {}) });
    expectInvalid(await post({ reason: 'lost laptop' }), 'body');
    expectInvalid(await post([]), 'body');
    expectInvalid(await post('"x"', { 'content-type': 'application/json' }), 'body');
    expectError(await post('{', { 'content-type': 'application/json' }), 400, 'validation_failed');
    expectError(await post('x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    await expectKeyWorks(h, spare.api_key, member.id);
    const res = await h.request('POST', url(spare.id), {
      as: member,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectKeyRejected(h, spare.api_key);
    expect((await post({})).statusCode).toBe(200);
  });

  it('needs a valid key', async () => {
    const spare = await createKey(h, member, { label: 'unauth' });
    await expectKeyRequired(h, { method: 'POST', url: url(spare.id) });
    await expectKeyWorks(h, spare.api_key, member.id);
  });
});
