import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { Harness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { isWellFormedKey, keyDigest } from './key-format.ts';

let h: Harness;

beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

interface KeyMeta {
  id: string;
  label: string | null;
  prefix: string | null;
  status: 'active' | 'pending' | 'revoked' | 'expired';
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
}

interface AuditEntry {
  id: string;
  workspace_key: string | null;
  action: string;
  target: { type: string; id: string | null; params: Record<string, unknown> };
  actor: { user_id: string | null; system: string | null };
}

const METADATA_FIELDS = [
  'created_at',
  'expires_at',
  'id',
  'label',
  'last_used_at',
  'prefix',
  'revoked_at',
  'status',
].sort();

const KEY_SHAPE = /^ctxh_[0-9A-Za-z]{38}$/;
/** Text PostgreSQL cannot keep as given: the API refuses it, naming the field. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
const digestOf = (plaintext: string) => keyDigest(h.config.secrets.apiKeyHash, plaintext);
const pathOf = (oneTimeUrl: string) => new URL(oneTimeUrl).pathname;
const isoIn = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();

async function createKey(user: TestUser | { headers: Record<string, string> }, body?: unknown) {
  const res = await h.request('POST', '/v1/api-keys', { as: user, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as KeyMeta & { api_key: string };
}

/** A user's keys as the server admin sees them (so the listing itself never uses the user's key). */
async function keysOf(userId: string): Promise<KeyMeta[]> {
  const res = await h.request('GET', `/v1/users/${userId}/api-keys`, {
    as: h.admin,
    query: { limit: '200' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as KeyMeta[];
}

async function auditLog(query: Record<string, string>, as: TestUser = h.admin): Promise<AuditEntry[]> {
  const res = await h.request('GET', '/v1/audit-logs', { as, query: { limit: '200', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as AuditEntry[];
}

async function expectKeyWorks(key: string, userId: string): Promise<void> {
  const res = await h.request('GET', '/v1/me', bearer(key));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user.id).toBe(userId);
}

async function expectKeyRejected(key: string): Promise<void> {
  const error = expectError(await h.request('GET', '/v1/me', bearer(key)), 401, 'unauthenticated');
  expect(error.message).toBe('Invalid API key');
}

async function reset(as: TestUser, userId: string): Promise<{ one_time_url: string; expires_at: string }> {
  const res = await h.request('POST', `/v1/users/${userId}/api-keys/reset`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const view = (oneTimeUrl: string, headers: Record<string, string> = {}) =>
  h.request('GET', pathOf(oneTimeUrl), { headers });

/** Ids that identify something in a path but are not ours: wrong shape, traversal, hostile text. */
const BAD_PATH_IDS = [
  'abc',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%3B%20DROP%20TABLE%20api_keys%3B--',
  'x'.repeat(65),
];

describe('POST /v1/api-keys', () => {
  it('issues a ctxh_ key with a checksum, shown once, that works at once', async () => {
    const user = await h.user();
    const res = await h.request('POST', '/v1/api-keys', { as: user, body: { label: 'laptop' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual([...METADATA_FIELDS, 'api_key'].sort());
    expect(created).toMatchObject({
      label: 'laptop',
      status: 'active',
      last_used_at: null,
      revoked_at: null,
      expires_at: null,
    });
    expect(created.id).toMatch(/^key_[0-9A-Z]+$/);
    expect(created.api_key).toMatch(KEY_SHAPE);
    expect(isWellFormedKey(created.api_key)).toBe(true);
    expect(created.prefix).toBe(created.api_key.slice(0, 12));
    expect(Date.parse(created.created_at)).not.toBeNaN();
    expect(res.body).not.toContain(digestOf(created.api_key));

    await expectKeyWorks(created.api_key, user.id);

    // Shown once: no later answer carries the plaintext or the digest.
    const own = await h.request('GET', '/v1/api-keys', { as: user });
    const byAdmin = await h.request('GET', `/v1/users/${user.id}/api-keys`, { as: h.admin });
    for (const later of [own, byAdmin]) {
      expect(later.statusCode).toBe(200);
      expect(later.body).not.toContain(created.api_key);
      expect(later.body).not.toContain(digestOf(created.api_key));
      expect(later.body).not.toContain('digest');
      expect(later.json().items.map((k: KeyMeta) => k.id)).toContain(created.id);
    }
  });

  it('works without a body, with an empty JSON body, and without a label', async () => {
    const user = await h.user();
    const noBody = await h.request('POST', '/v1/api-keys', { as: user });
    expect(noBody.statusCode, noBody.body).toBe(201);
    expect(noBody.json()).toMatchObject({ label: null, status: 'active', api_key: expect.any(String) });
    const emptyJson = await h.request('POST', '/v1/api-keys', {
      as: user,
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.statusCode, emptyJson.body).toBe(201);
    const emptyObject = await createKey(user, {});
    expect(emptyObject.label).toBeNull();
    const jsonNull = await h.request('POST', '/v1/api-keys', {
      as: user,
      body: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(jsonNull.statusCode, jsonNull.body).toBe(201);
    // Every key is distinct and every one works.
    const keys = [
      noBody.json().api_key,
      emptyJson.json().api_key,
      emptyObject.api_key,
      jsonNull.json().api_key,
    ];
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) await expectKeyWorks(key, user.id);
  });

  it('trims the label and keeps hostile-looking text as plain data', async () => {
    const user = await h.user();
    expect((await createKey(user, { label: '  ci runner  ' })).label).toBe('ci runner');
    const script = '<script>alert(1)</script>';
    expect((await createKey(user, { label: script })).label).toBe(script);
  });

  it('takes an expiry; once it passes the key gets 401 and is listed as expired', async () => {
    const user = await h.user();
    const expiresAt = isoIn(60 * 60 * 1000);
    const created = await createKey(user, { label: 'short-lived', expires_at: expiresAt });
    expect(created.status).toBe('active');
    expect(created.expires_at).toBe(expiresAt);
    await expectKeyWorks(created.api_key, user.id);

    h.clock.advance(2 * 60 * 60 * 1000);
    await expectKeyRejected(created.api_key);
    await expectKeyWorks(user.key, user.id);
    const listed = (await keysOf(user.id)).find((k) => k.id === created.id);
    expect(listed).toMatchObject({ status: 'expired', expires_at: expiresAt, revoked_at: null });
  });

  it('audits api_key.created with the key id, never the plaintext or digest', async () => {
    const user = await h.user();
    const created = await createKey(user, { label: 'audited' });
    const entries = (await auditLog({ action_prefix: 'api_key.' })).filter((e) => e.target.id === created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_key: null,
      action: 'api_key.created',
      target: { type: 'api_key', id: created.id, params: { key_id: created.id, user_id: user.id } },
      actor: { user_id: user.id },
    });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(created.api_key);
    expect(text).not.toContain(created.api_key.slice(5));
    expect(text).not.toContain(digestOf(created.api_key));
  });

  it('needs a valid key', () => expectKeyRequired(h, { method: 'POST', url: '/v1/api-keys', body: {} }));

  it('rejects bad input with the field path, creating nothing', async () => {
    const user = await h.user();
    const other = await h.user();
    const before = (await keysOf(user.id)).length;
    const post = (body: unknown, headers?: Record<string, string>) =>
      h.request('POST', '/v1/api-keys', { as: user, body, ...(headers ? { headers } : {}) });

    expectInvalid(await post({ label: 42 }), 'body.label');
    expectInvalid(await post({ label: null }), 'body.label');
    expectInvalid(await post({ label: ['a'] }), 'body.label');
    expectInvalid(await post({ label: '' }), 'body.label');
    expectInvalid(await post({ label: '   ' }), 'body.label');
    expectInvalid(await post({ label: 'x'.repeat(201) }), 'body.label');
    expectInvalid(await post({ expires_at: 'tomorrow' }), 'body.expires_at');
    expectInvalid(await post({ expires_at: 1_900_000_000_000 }), 'body.expires_at');
    expectInvalid(await post({ expires_at: '2999-01-01T00:00:00' }), 'body.expires_at');
    const past = expectInvalid(await post({ expires_at: isoIn(-60_000) }), 'body.expires_at');
    expect(past.message).toContain('body.expires_at');
    expectInvalid(await post({ expires_at: h.clock.now().toISOString() }), 'body.expires_at');
    // Nobody chooses their own key, or issues one for somebody else.
    expectInvalid(await post({ api_key: user.key.replace(/.$/, 'x') }), 'body');
    expectInvalid(await post({ user_id: other.id }), 'body');
    expectInvalid(await post({ label: 'ok', digest: 'abc' }), 'body');
    expectInvalid(await post([]), 'body');
    expectInvalid(await post('"label"', { 'content-type': 'application/json' }), 'body');
    expectError(await post('{"label": ', { 'content-type': 'application/json' }), 400, 'validation_failed');
    expectError(await post('label=x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectError(
      await post(JSON.stringify({ label: 'x'.repeat(h.config.bodyLimitBytes) }), {
        'content-type': 'application/json',
      }),
      413,
      'payload_too_large',
    );
    expect((await keysOf(user.id)).length).toBe(before);
    expect((await keysOf(other.id)).length).toBe(1);

    let accepted = 0;
    for (const label of HOSTILE_STRINGS) {
      const res = await post({ label });
      if (label.includes('\u0000') || LONE_SURROGATE.test(label) || label.length > 200) {
        expectInvalid(res, 'body.label');
      } else {
        expect(res.statusCode, label.slice(0, 20)).toBe(201);
        expect(res.json().label).toBe(label);
        accepted += 1;
      }
    }
    expect((await keysOf(user.id)).length).toBe(before + accepted);
  });
});

describe('GET /v1/api-keys', () => {
  it('lists only the caller’s own keys, as metadata, newest first', async () => {
    const user = await h.user();
    const other = await h.user();
    const a = await createKey(user, { label: 'a' });
    const b = await createKey(user, { label: 'b' });
    const res = await h.request('GET', '/v1/api-keys', { as: user });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    const items = body.items as KeyMeta[];
    expect(items.map((k) => k.id)).toEqual([b.id, a.id, expect.stringMatching(/^key_/)]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(METADATA_FIELDS);
    expect(items[0]).toMatchObject({ label: 'b', status: 'active', prefix: b.api_key.slice(0, 12) });
    for (const secret of [a.api_key, b.api_key, user.key, digestOf(a.api_key), digestOf(user.key)]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toContain(other.id);
    const theirs = await h.request('GET', '/v1/api-keys', { as: other });
    expect(theirs.json().items).toHaveLength(1);
  });

  it('sets last_used_at once a key has been used', async () => {
    const user = await h.user();
    const [unused] = await keysOf(user.id);
    expect(unused).toMatchObject({ status: 'active', last_used_at: null });
    await expectKeyWorks(user.key, user.id);
    const [used] = await keysOf(user.id);
    expect(used!.id).toBe(unused!.id);
    expect(used!.last_used_at).toEqual(expect.any(String));
    expect(Date.parse(used!.last_used_at!)).toBeGreaterThanOrEqual(Date.parse(used!.created_at));
  });

  it('pages with limit and an opaque cursor', async () => {
    const user = await h.user();
    for (let i = 0; i < 4; i++) await createKey(user, { label: `k${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
      const res = await h.request('GET', '/v1/api-keys', { as: user, query });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      sizes.push(body.items.length);
      seen.push(...body.items.map((k: KeyMeta) => k.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('rejects bad paging input and unknown parameters', async () => {
    const user = await h.user();
    const get = (query: Record<string, string>) => h.request('GET', '/v1/api-keys', { as: user, query });
    expectInvalid(await get({ limit: '0' }), 'query.limit');
    expectInvalid(await get({ limit: '201' }), 'query.limit');
    expectInvalid(await get({ limit: 'ten' }), 'query.limit');
    expectInvalid(await get({ limit: '1.5' }), 'query.limit');
    expectInvalid(await get({ cursor: 'garbage' }), 'query.cursor');
    expectInvalid(await get({ cursor: 'x'.repeat(201) }), 'query.cursor');
    expectInvalid(await get({ user_id: h.admin.id }), 'query');
    expectInvalid(await get({ cursor: '\u0000' }), 'query.cursor');
  });

  it('needs a valid key', () => expectKeyRequired(h, { method: 'GET', url: '/v1/api-keys' }));
});

describe('GET /v1/users/:userId/api-keys', () => {
  let owner: TestUser;
  let admin: TestUser;
  let admin2: TestUser;
  let member: TestUser;
  let member2: TestUser;
  let outsider: TestUser;
  const url = (u: TestUser | string) => `/v1/users/${typeof u === 'string' ? u : u.id}/api-keys`;

  beforeAll(async () => {
    [owner, admin, admin2, member, member2, outsider] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    await h.workspace([
      [owner, 'owner'],
      [admin, 'admin'],
      [admin2, 'admin'],
      [member, 'member'],
      [member2, 'member'],
    ]);
  });

  it('lets a user list their own keys', async () => {
    const res = await h.request('GET', url(member), { as: member });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as KeyMeta[];
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]!).sort()).toEqual(METADATA_FIELDS);
    expect(res.body).not.toContain(member.key);
  });

  it('lets a workspace owner or admin list a member with a lower role', async () => {
    for (const [as, target] of [
      [admin, member],
      [owner, admin],
      [owner, member],
    ] as const) {
      const res = await h.request('GET', url(target), { as });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as KeyMeta[];
      expect(items.length).toBeGreaterThan(0);
      expect(res.body).not.toContain(target.key);
      expect(res.body).not.toContain(digestOf(target.key));
    }
  });

  it('lets a server admin list anyone, and pages', async () => {
    const res = await h.request('GET', url(outsider), { as: h.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    await createKey(outsider, { label: 'second' });
    const first = await h.request('GET', url(outsider), { as: h.admin, query: { limit: '1' } });
    expect(first.json().items).toHaveLength(1);
    expect(first.json().items[0].label).toBe('second');
    const second = await h.request('GET', url(outsider), {
      as: h.admin,
      query: { limit: '1', cursor: first.json().next_cursor },
    });
    expect(second.json().items).toHaveLength(1);
    expect(second.json().items[0].label).toBe('test');
    expect(second.json().next_cursor).toBeNull();
  });

  it('forbids fellow members with a lower or equal role (403)', async () => {
    await expectForbiddenFor(h, member, { method: 'GET', url: url(member2) });
    await expectForbiddenFor(h, member, { method: 'GET', url: url(admin) });
    await expectForbiddenFor(h, admin, { method: 'GET', url: url(admin2) });
    await expectForbiddenFor(h, admin, { method: 'GET', url: url(owner) });
  });

  it('hides users who share no workspace, and unknown users (404)', async () => {
    await expectHiddenFrom(h, outsider, { method: 'GET', url: url(member) });
    await expectHiddenFrom(h, member, { method: 'GET', url: url(outsider) });
    await expectHiddenFrom(h, member, { method: 'GET', url: url('usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ') });
    await expectHiddenFrom(h, h.admin, { method: 'GET', url: url('usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ') });
  });

  it('rejects bad user ids and paging input', async () => {
    for (const id of [...BAD_PATH_IDS, 'usr_lower', 'key_01ABC', '%00']) {
      expectInvalid(await h.request('GET', url(id), { as: h.admin }), 'params.userId');
    }
    expectInvalid(await h.request('GET', url(member), { as: member, query: { limit: '0' } }), 'query.limit');
    expectInvalid(
      await h.request('GET', url(member), { as: member, query: { cursor: 'nope' } }),
      'query.cursor',
    );
    expectInvalid(await h.request('GET', url(member), { as: member, query: { extra: '1' } }), 'query');
  });

  it('needs a valid key', () => expectKeyRequired(h, { method: 'GET', url: url(member) }));
});

describe('POST /v1/api-keys/:id/revoke', () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let member2: TestUser;
  let outsider: TestUser;
  let ws: string;
  const url = (id: string) => `/v1/api-keys/${id}/revoke`;

  beforeAll(async () => {
    [owner, admin, member, member2, outsider] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    ws = await h.workspace([
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
      [member2, 'member'],
    ]);
  });

  it('lets the owner revoke their key, which then gets 401; audited', async () => {
    const spare = await createKey(member, { label: 'spare' });
    await expectKeyWorks(spare.api_key, member.id);
    const res = await h.request('POST', url(spare.id), { as: member });
    expect(res.statusCode, res.body).toBe(200);
    const revoked = res.json();
    expect(Object.keys(revoked).sort()).toEqual(METADATA_FIELDS);
    expect(revoked).toMatchObject({ id: spare.id, label: 'spare', status: 'revoked' });
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect(res.body).not.toContain(spare.api_key);
    await expectKeyRejected(spare.api_key);
    await expectKeyWorks(member.key, member.id);

    const entries = (await auditLog({ action_prefix: 'api_key.revoked' })).filter(
      (e) => e.target.id === spare.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target: { type: 'api_key', params: { key_id: spare.id, user_id: member.id, authority: 'self' } },
      actor: { user_id: member.id },
    });
  });

  it('lets a key revoke itself', async () => {
    const self = await createKey(member2, { label: 'self' });
    const res = await h.request('POST', url(self.id), bearer(self.api_key));
    expect(res.statusCode).toBe(200);
    await expectKeyRejected(self.api_key);
  });

  it('is idempotent: a second revoke answers 200, unchanged, and is audited once', async () => {
    const spare = await createKey(member, { label: 'twice' });
    const first = await h.request('POST', url(spare.id), { as: member });
    expect(first.statusCode).toBe(200);
    h.clock.advance(5_000);
    const second = await h.request('POST', url(spare.id), { as: member });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const byAdmin = await h.request('POST', url(spare.id), { as: h.admin });
    expect(byAdmin.json()).toEqual(first.json());
    const entries = (await auditLog({ action_prefix: 'api_key.revoked' })).filter(
      (e) => e.target.id === spare.id,
    );
    expect(entries).toHaveLength(1);
  });

  it('lets a workspace admin revoke a lower-role member’s key, audited in the workspace', async () => {
    const spare = await createKey(member, { label: 'by-admin' });
    const res = await h.request('POST', url(spare.id), { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('revoked');
    await expectKeyRejected(spare.api_key);
    const entries = (await auditLog({ workspace_key: ws, action_prefix: 'api_key.' }, admin)).filter(
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
    const spare = await createKey(outsider, { label: 'by-server-admin' });
    const res = await h.request('POST', url(spare.id), { as: h.admin });
    expect(res.statusCode).toBe(200);
    await expectKeyRejected(spare.api_key);
    const [entry] = (await auditLog({ action_prefix: 'api_key.revoked' })).filter(
      (e) => e.target.id === spare.id,
    );
    expect(entry?.target.params.authority).toBe('server_admin');
  });

  it('hides other people’s keys from unrelated users (404), forbids fellow members (403)', async () => {
    const target = await createKey(member, { label: 'target' });
    const ownerKey = await createKey(owner, { label: 'owner' });
    const call = (id: string) => ({ method: 'POST' as const, url: url(id) });
    await expectHiddenFrom(h, outsider, call(target.id));
    await expectHiddenFrom(h, member, call('key_01ZZZZZZZZZZZZZZZZZZZZZZZZ'));
    await expectForbiddenFor(h, member2, call(target.id));
    await expectForbiddenFor(h, member, call(ownerKey.id));
    await expectForbiddenFor(h, admin, call(ownerKey.id));
    // Nothing changed.
    await expectKeyWorks(target.api_key, member.id);
    await expectKeyWorks(ownerKey.api_key, owner.id);
    const entries = (await auditLog({ action_prefix: 'api_key.revoked' })).filter((e) =>
      [target.id, ownerKey.id].includes(e.target.id ?? ''),
    );
    expect(entries).toHaveLength(0);
  });

  it('rejects bad key ids with params.id, revoking nothing', async () => {
    for (const id of [...BAD_PATH_IDS, 'key_lower', 'usr_01ABC', `key_${'A'.repeat(61)}`, '%00']) {
      expectInvalid(await h.request('POST', url(id), { as: member }), 'params.id');
    }
    await expectKeyWorks(member.key, member.id);
  });

  it('takes no body: fields are rejected, an empty JSON body is fine', async () => {
    const spare = await createKey(member, { label: 'body' });
    const post = (body: unknown, headers?: Record<string, string>) =>
      h.request('POST', url(spare.id), { as: member, body, ...(headers ? { headers } : {}) });
    expectInvalid(await post({ reason: 'lost laptop' }), 'body');
    expectInvalid(await post([]), 'body');
    expectInvalid(await post('"x"', { 'content-type': 'application/json' }), 'body');
    expectError(await post('{', { 'content-type': 'application/json' }), 400, 'validation_failed');
    expectError(await post('x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    await expectKeyWorks(spare.api_key, member.id);
    const res = await h.request('POST', url(spare.id), {
      as: member,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectKeyRejected(spare.api_key);
    expect((await post({})).statusCode).toBe(200);
  });

  it('needs a valid key', async () => {
    const spare = await createKey(member, { label: 'unauth' });
    await expectKeyRequired(h, { method: 'POST', url: url(spare.id) });
    await expectKeyWorks(spare.api_key, member.id);
  });
});

describe('POST /v1/users/:userId/api-keys/reset', () => {
  let owner: TestUser;
  let admin: TestUser;
  let admin2: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let ws: string;
  const url = (u: TestUser | string) => `/v1/users/${typeof u === 'string' ? u : u.id}/api-keys/reset`;

  beforeAll(async () => {
    [owner, admin, admin2, member, outsider] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    ws = await h.workspace([
      [owner, 'owner'],
      [admin, 'admin'],
      [admin2, 'admin'],
      [member, 'member'],
    ]);
  });

  it('revokes all active keys and issues one pending key behind a one-time link (server admin)', async () => {
    const user = await h.user();
    const extra = [await createKey(user, { label: 'two' }), await createKey(user, { label: 'three' })];
    const alreadyRevoked = await createKey(user, { label: 'old' });
    await h.request('POST', `/v1/api-keys/${alreadyRevoked.id}/revoke`, { as: user });
    const activeIds = (await keysOf(user.id)).filter((k) => k.status === 'active').map((k) => k.id);
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

    for (const key of [user.key, ...extra.map((k) => k.api_key)]) await expectKeyRejected(key);
    const after = await keysOf(user.id);
    expect(after).toHaveLength(5);
    const pending = after.filter((k) => k.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ label: 'reset', prefix: null, revoked_at: null });
    expect(after.filter((k) => k.status === 'revoked')).toHaveLength(4);

    const reveal = await view(answer.one_time_url);
    expect(reveal.statusCode, reveal.body).toBe(200);
    const revealed = reveal.json();
    expect(Object.keys(revealed).sort()).toEqual(['api_key', 'expires_at', 'id', 'label']);
    expect(revealed).toMatchObject({ id: pending[0]!.id, label: 'reset', expires_at: null });
    expect(revealed.api_key).toMatch(KEY_SHAPE);
    expect(isWellFormedKey(revealed.api_key)).toBe(true);
    await expectKeyWorks(revealed.api_key, user.id);
    const now = (await keysOf(user.id)).find((k) => k.id === revealed.id);
    expect(now).toMatchObject({ status: 'active', prefix: revealed.api_key.slice(0, 12) });

    expectError(await view(answer.one_time_url), 410, 'gone');

    const [entry, ...more] = (await auditLog({ action_prefix: 'api_key.reset' })).filter(
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
    const spare = await createKey(member, { label: 'spare' });
    const answer = await reset(admin, member.id);
    await expectKeyRejected(member.key);
    await expectKeyRejected(spare.api_key);
    const revealed = (await view(answer.one_time_url)).json();
    await expectKeyWorks(revealed.api_key, member.id);
    member = { ...member, key: revealed.api_key, headers: { authorization: `Bearer ${revealed.api_key}` } };

    const entries = (await auditLog({ workspace_key: ws, action_prefix: 'api_key.' }, admin)).filter(
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
    const answer = await reset(owner, admin2.id);
    await expectKeyRejected(admin2.key);
    const revealed = (await view(answer.one_time_url)).json();
    await expectKeyWorks(revealed.api_key, admin2.id);
    admin2 = { ...admin2, key: revealed.api_key, headers: { authorization: `Bearer ${revealed.api_key}` } };
  });

  it('is for admins only: 403 for fellow members without authority, 404 for strangers', async () => {
    const resetsBefore = (await auditLog({ workspace_key: ws, action_prefix: 'api_key.reset' }, owner))
      .length;
    const serverResetsBefore = (await auditLog({ action_prefix: 'api_key.reset' })).length;
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
    for (const u of [owner, admin, admin2, member, outsider]) await expectKeyWorks(u.key, u.id);
    expect((await auditLog({ workspace_key: ws, action_prefix: 'api_key.reset' }, owner)).length).toBe(
      resetsBefore,
    );
    expect((await auditLog({ action_prefix: 'api_key.reset' })).length).toBe(serverResetsBefore);
  });

  it('does not let a workspace owner take over a server administrator who is a member there', async () => {
    const serverAdmin = await h.user({ isAdmin: true });
    const wsOwner = await h.user();
    await h.workspace([
      [wsOwner, 'owner'],
      [serverAdmin, 'member'],
    ]);
    await expectForbiddenFor(h, wsOwner, { method: 'POST', url: url(serverAdmin) });
    const spare = await createKey(serverAdmin, { label: 'admin-spare' });
    await expectForbiddenFor(h, wsOwner, { method: 'POST', url: `/v1/api-keys/${spare.id}/revoke` });
    await expectKeyWorks(serverAdmin.key, serverAdmin.id);
    await expectKeyWorks(spare.api_key, serverAdmin.id);
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
    await expectKeyWorks(member.key, member.id);
    await expectKeyWorks(outsider.key, outsider.id);
    expect((await keysOf(member.id)).filter((k) => k.status === 'pending')).toHaveLength(0);
  });

  it('needs a valid key', async () => {
    await expectKeyRequired(h, { method: 'POST', url: url(member) });
    await expectKeyWorks(member.key, member.id);
  });
});

describe('key authority across workspaces', () => {
  it('does not let an admin of one workspace take over a user who outranks them in another', async () => {
    const [admin, target] = await Promise.all([h.user(), h.user()]);
    await h.workspace([
      [admin, 'admin'],
      [target, 'member'],
    ]);
    const theirs = await h.workspace([[target, 'owner']]);
    const before = (await h.request('GET', `/v1/users/${target.id}/api-keys`, { as: h.admin })).json();
    for (const [method, url] of [
      ['POST', `/v1/users/${target.id}/api-keys/reset`],
      ['POST', `/v1/api-keys/${before.items[0].id}/revoke`],
      ['GET', `/v1/users/${target.id}/api-keys`],
    ] as const) {
      expectError(await h.request(method, url, { as: admin }), 403, 'forbidden');
    }
    const after = (await h.request('GET', `/v1/users/${target.id}/api-keys`, { as: h.admin })).json();
    expect(after).toEqual(before);
    expect((await h.request('GET', `/v1/workspaces/${theirs}`, { as: target })).statusCode).toBe(200);
  });
});

describe('GET /v1/api-keys/one-time/:token', () => {
  const freshLink = async () => {
    const user = await h.user();
    return { user, ...(await reset(h.admin, user.id)) };
  };

  it('reveals the key once as JSON without a key, then answers 410', async () => {
    const { user, one_time_url } = await freshLink();
    const res = await view(one_time_url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const revealed = res.json();
    expect(revealed).toEqual({
      id: expect.stringMatching(/^key_/),
      api_key: expect.stringMatching(KEY_SHAPE),
      label: 'reset',
      expires_at: null,
    });
    expect(res.body).not.toContain(digestOf(revealed.api_key));
    await expectKeyWorks(revealed.api_key, user.id);

    const again = expectError(await view(one_time_url), 410, 'gone');
    expect(again.message).not.toContain(revealed.api_key);
    // A bad key on the request changes nothing: the route is public, the link is still used up.
    expectError(await view(one_time_url, { authorization: 'Bearer nope' }), 410, 'gone');
  });

  it('shows an HTML page with the key when the client prefers text/html', async () => {
    const { user, one_time_url } = await freshLink();
    const res = await view(one_time_url, {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const key = /ctxh_[0-9A-Za-z]{38}/.exec(res.body)?.[0];
    expect(key).toBeDefined();
    expect(res.body).toContain(`<code>${key}</code>`);
    await expectKeyWorks(key!, user.id);
    expectError(await view(one_time_url, { accept: 'text/html' }), 410, 'gone');
  });

  it('is not used up by a HEAD request', async () => {
    const { user, one_time_url } = await freshLink();
    const head = await h.request('HEAD', pathOf(one_time_url));
    // No HEAD route: the answer is an error (401 like any unknown route without a key), never the key.
    expect(head.statusCode).toBeGreaterThanOrEqual(400);
    expect(head.statusCode).toBeLessThan(500);
    const res = await view(one_time_url);
    expect(res.statusCode, res.body).toBe(200);
    await expectKeyWorks(res.json().api_key, user.id);
  });

  it('answers 410 once the link has expired, revealing nothing', async () => {
    const { user, one_time_url } = await freshLink();
    h.clock.advance((h.config.oneTimeTokenTtlSeconds + 1) * 1000);
    expectError(await view(one_time_url), 410, 'gone');
    const [pending] = (await keysOf(user.id)).filter((k) => k.status !== 'revoked');
    expect(pending).toMatchObject({ status: 'pending', prefix: null });
  });

  it('answers 404 for garbage or tampered tokens, and keeps the real link usable', async () => {
    const { user, one_time_url } = await freshLink();
    const token = pathOf(one_time_url).split('/').pop()!;
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const extended = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400_000 })).toString(
      'base64url',
    );
    const otherLink = Buffer.from(
      JSON.stringify({ ...claims, lid: 'otl_01ZZZZZZZZZZZZZZZZZZZZZZZZ' }),
    ).toString('base64url');
    for (const bad of [
      `${payload}.${flipped}`,
      `${extended}.${signature}`,
      `${otherLink}.${signature}`,
      `${payload}.${signature}.extra`,
      payload,
      `${payload}.`,
      'garbage',
      'a.b',
      encodeURIComponent("'; DROP TABLE one_time_links; --"),
    ]) {
      expectError(await h.request('GET', `/v1/api-keys/one-time/${bad}`), 404, 'not_found');
    }
    expectInvalid(await h.request('GET', `/v1/api-keys/one-time/${'a'.repeat(513)}`), 'params.token');
    expectInvalid(await h.request('GET', '/v1/api-keys/one-time/%00'), 'params.token');
    const res = await view(one_time_url);
    expect(res.statusCode, res.body).toBe(200);
    await expectKeyWorks(res.json().api_key, user.id);
  });

  it('gives the key to exactly one of two concurrent views', async () => {
    const { user, one_time_url } = await freshLink();
    const answers = await Promise.all([view(one_time_url), view(one_time_url)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const winner = answers.find((r) => r.statusCode === 200)!;
    const loser = answers.find((r) => r.statusCode === 410)!;
    expectError(loser, 410, 'gone');
    await expectKeyWorks(winner.json().api_key, user.id);
    const views = (await auditLog({ action_prefix: 'api_key.one_time_view' })).filter(
      (e) => e.target.params.user_id === user.id,
    );
    expect(views).toHaveLength(1);
  });

  it('audits api_key.one_time_view without the plaintext', async () => {
    const { user, one_time_url } = await freshLink();
    const revealed = (await view(one_time_url)).json();
    const entries = (await auditLog({ action_prefix: 'api_key.one_time_view' })).filter(
      (e) => e.target.id === revealed.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_key: null,
      target: { type: 'api_key', params: { key_id: revealed.id, user_id: user.id } },
      actor: { user_id: null, system: 'anonymous' },
    });
    expect(JSON.stringify(entries)).not.toContain(revealed.api_key);
    expect(JSON.stringify(entries)).not.toContain(digestOf(revealed.api_key));
  });

  it('answers 410 for a link whose key a later reset revoked', async () => {
    const { user, one_time_url: first } = await freshLink();
    const { one_time_url: second } = await reset(h.admin, user.id);
    expectError(await view(first), 410, 'gone');
    const res = await view(second);
    expect(res.statusCode, res.body).toBe(200);
    await expectKeyWorks(res.json().api_key, user.id);
    // The first link stays dead, and nothing about it was audited as viewed.
    expectError(await view(first), 410, 'gone');
    const views = (await auditLog({ action_prefix: 'api_key.one_time_view' })).filter(
      (e) => e.target.params.user_id === user.id,
    );
    expect(views).toHaveLength(1);
  });
});

describe('rate limiting', () => {
  let r: Harness;

  beforeAll(async () => {
    r = await Harness.start({ rateLimit: { perKeyPerMinute: 3, perIpPerMinute: 2 } });
  });
  afterAll(() => r.close());

  const expectRateLimited = (res: LightMyRequestResponse) => {
    expectError(res, 429, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('answers the 4th call of a key within a minute with 429 and Retry-After', async () => {
    const user = await r.user();
    const other = await r.user();
    for (let i = 0; i < 3; i++) {
      const res = await r.request('GET', '/v1/api-keys', { as: user });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    expectRateLimited(await r.request('GET', '/v1/api-keys', { as: user }));
    expectRateLimited(await r.request('POST', '/v1/api-keys', { as: user, body: { label: 'more' } }));
    // The budget is per key: another user's key is untouched, and nothing was created.
    const res = await r.request('GET', `/v1/users/${user.id}/api-keys`, { as: r.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect((await r.request('GET', '/v1/me', { as: other })).statusCode).toBe(200);
  });

  it('limits repeated bad-key calls per IP', async () => {
    const bad = { headers: { authorization: 'Bearer ctxh_not-a-real-key' } };
    expectError(await r.request('GET', '/v1/api-keys', bad), 401, 'unauthenticated');
    expectError(await r.request('GET', '/v1/api-keys', bad), 401, 'unauthenticated');
    expectRateLimited(await r.request('GET', '/v1/api-keys', bad));
    expectRateLimited(await r.request('GET', '/v1/api-keys', {}));
    // Public one-time links share the IP budget.
    expectRateLimited(await r.request('GET', '/v1/api-keys/one-time/garbage'));
    // A valid key is counted per key, not per IP.
    const user = await r.user();
    expect((await r.request('GET', '/v1/me', { as: user })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the six key routes', async () => {
    const res = await h.request('GET', '/v1/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/v1/api-keys'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(paths['/v1/users/{userId}/api-keys']).toHaveProperty('get');
    expect(paths['/v1/api-keys/{id}/revoke']).toHaveProperty('post');
    expect(paths['/v1/users/{userId}/api-keys/reset']).toHaveProperty('post');
    expect(Object.keys(paths['/v1/api-keys/one-time/{token}'] ?? {})).toEqual(['get']);
  });
});
