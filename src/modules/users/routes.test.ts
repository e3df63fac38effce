import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectKeyRequired } from '../../test/security-matrix.ts';

const h = useHarness();
let member: TestUser;

beforeAll(async () => {
  member = await h.user({ name: 'Mia' });
});

describe('GET /v1/me', () => {
  it('answers the caller and their workspaces with roles', async () => {
    const ws = await h.workspace([[member, 'admin']]);
    const res = await h.request('GET', '/v1/me', { as: member });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: member.id, email: member.email, name: 'Mia', is_admin: false },
      workspaces: [{ workspace_key: ws, role: 'admin' }],
    });
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });

  it('keeps a safe caller-given x-request-id and replaces a hostile one', async () => {
    const kept = await h.request('GET', '/v1/me', { as: member, headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await h.request('GET', '/v1/me', {
      as: member,
      headers: { 'x-request-id': 'bad id\twith tab' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^req_/);
  });

  it('needs a valid key', () => expectKeyRequired(h, { method: 'GET', url: '/v1/me' }));
});

describe('POST /v1/users', () => {
  it('creates a user (server admin), lower-cases the e-mail, and audits it', async () => {
    const email = `${h.uniq('New')}@Example.TEST`;
    const res = await h.request('POST', '/v1/users', { as: h.admin, body: { email, name: 'New Person' } });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: email.toLowerCase(), name: 'New Person', is_admin: false });
    expect(user.id).toMatch(/^usr_/);
    const log = await h.request('GET', '/v1/audit-logs', {
      as: h.admin,
      query: { action_prefix: 'user.created' },
    });
    expect(log.json().items.some((e: { target: { id: string } }) => e.target.id === user.id)).toBe(true);
  });

  it('answers 409 for an existing e-mail, in any case', async () => {
    const res = await h.request('POST', '/v1/users', {
      as: h.admin,
      body: { email: member.email.toUpperCase() },
    });
    expectError(res, 409, 'conflict');
  });

  it('is for server admins only', async () => {
    await expectKeyRequired(h, { method: 'POST', url: '/v1/users', body: { email: 'a@b.c' } });
    await expectForbiddenFor(h, member, { method: 'POST', url: '/v1/users', body: { email: 'a@b.c' } });
  });

  it('rejects bad input with the field path, creating nothing', async () => {
    const before = (await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '200' } })).json()
      .items.length;
    expectInvalid(await h.request('POST', '/v1/users', { as: h.admin, body: {} }), 'body.email');
    expectInvalid(await h.request('POST', '/v1/users', { as: h.admin, body: { email: 42 } }), 'body.email');
    expectInvalid(
      await h.request('POST', '/v1/users', { as: h.admin, body: { email: 'no-at-sign' } }),
      'body.email',
    );
    expectInvalid(
      await h.request('POST', '/v1/users', { as: h.admin, body: { email: 'a@b.c', is_admin: 'yes' } }),
      'body.is_admin',
    );
    expectInvalid(
      await h.request('POST', '/v1/users', { as: h.admin, body: { email: 'a@b.c', role: 'x' } }),
      'body',
    );
    for (const name of HOSTILE_STRINGS) {
      const res = await h.request('POST', '/v1/users', {
        as: h.admin,
        body: { email: `${h.uniq()}@x.test`, name },
      });
      expect(res.statusCode, name.slice(0, 20)).toBeLessThan(500);
    }
    const notJson = await h.request('POST', '/v1/users', {
      as: h.admin,
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(notJson, 400, 'validation_failed');
    const text = await h.request('POST', '/v1/users', {
      as: h.admin,
      body: 'email=a@b.c',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(text, 415, 'unsupported_media_type');
    const huge = await h.request('POST', '/v1/users', {
      as: h.admin,
      body: JSON.stringify({ email: 'a@b.c', name: 'x'.repeat(h.config.bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
    const after = (await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '200' } })).json().items
      .length;
    // Only the hostile-name users (all valid requests) were added.
    expect(after - before).toBe(
      HOSTILE_STRINGS.filter(
        (s) => s.length <= 200 && !s.includes('\u0000') && !s.includes('\ud800') && s.trim() !== '',
      ).length,
    );
  });
});

describe('GET /v1/users', () => {
  it('pages with an opaque cursor, newest first', async () => {
    for (let i = 0; i < 3; i++) await h.user();
    const first = await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '2' } });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (
      await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '2', cursor: page1.next_cursor } })
    ).json();
    expect(page2.items[0].id < page1.items[1].id).toBe(true);
  });

  it('rejects bad paging input and non-admins', async () => {
    expectInvalid(await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '0' } }), 'query.limit');
    expectInvalid(
      await h.request('GET', '/v1/users', { as: h.admin, query: { limit: '201' } }),
      'query.limit',
    );
    expectInvalid(
      await h.request('GET', '/v1/users', { as: h.admin, query: { cursor: 'garbage' } }),
      'query.cursor',
    );
    await expectForbiddenFor(h, member, { method: 'GET', url: '/v1/users' });
    await expectKeyRequired(h, { method: 'GET', url: '/v1/users' });
  });
});
