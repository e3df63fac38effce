import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  BAD_PATH_IDS,
  createKey,
  digestOf,
  expectKeyWorks,
  keysOf,
  METADATA_FIELDS,
  newUsers,
  type KeyMeta,
} from './keys.fixtures.ts';

const h = useHarness();

describe('GET /v1/api-keys', () => {
  it('lists only the caller’s own keys, as metadata, newest first', async () => {
    const user = await h.user();
    const other = await h.user();
    const a = await createKey(h, user, { label: 'a' });
    const b = await createKey(h, user, { label: 'b' });
    const res = await h.request('GET', '/v1/api-keys', { as: user });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    const items = body.items as KeyMeta[];
    expect(items.map((k) => k.id)).toEqual([b.id, a.id, expect.stringMatching(/^key_/)]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(METADATA_FIELDS);
    expect(items[0]).toMatchObject({ label: 'b', status: 'active', prefix: b.api_key.slice(0, 12) });
    for (const secret of [a.api_key, b.api_key, user.key, digestOf(h, a.api_key), digestOf(h, user.key)]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toContain(other.id);
    const theirs = await h.request('GET', '/v1/api-keys', { as: other });
    expect(theirs.json().items).toHaveLength(1);
  });

  it('sets last_used_at once a key has been used', async () => {
    const user = await h.user();
    const [unused] = await keysOf(h, user.id);
    expect(unused).toMatchObject({ status: 'active', last_used_at: null });
    await expectKeyWorks(h, user.key, user.id);
    const [used] = await keysOf(h, user.id);
    expect(used!.id).toBe(unused!.id);
    expect(used!.last_used_at).toEqual(expect.any(String));
    expect(Date.parse(used!.last_used_at!)).toBeGreaterThanOrEqual(Date.parse(used!.created_at));
  });

  it('pages with limit and an opaque cursor', async () => {
    const user = await h.user();
    for (let i = 0; i < 4; i++) await createKey(h, user, { label: `k${i}` });
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
    [owner, admin, admin2, member, member2, outsider] = await newUsers(h, 6);
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
      expect(res.body).not.toContain(digestOf(h, target.key));
    }
  });

  it('lets a server admin list anyone, and pages', async () => {
    const res = await h.request('GET', url(outsider), { as: h.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    await createKey(h, outsider, { label: 'second' });
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
