import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type Harness, type TestUser } from '../../test/harness.ts';
import { expectKeyRequired } from '../../test/security-matrix.ts';

const h = useHarness();

/** A signed-in browser: its cookie header and CSRF token. */
interface Browser {
  cookie: string;
  csrf: string;
  signIn: LightMyRequestResponse;
}

async function signIn(
  harness: Harness,
  user: TestUser,
  headers: Record<string, string> = {},
): Promise<Browser> {
  const res = await harness.request('POST', '/v1/session', { body: { api_key: user.key }, headers });
  expect(res.statusCode, res.body).toBe(201);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  return { cookie, csrf: res.json().csrf_token, signIn: res };
}

const asBrowser = (b: Browser, withCsrf = true) => ({
  cookie: b.cookie,
  ...(withCsrf ? { 'x-csrf-token': b.csrf } : {}),
});

const auditActions = async (prefix: string) =>
  (
    await h.request('GET', '/v1/audit-logs', { as: h.admin, query: { action_prefix: prefix, limit: '200' } })
  ).json().items as Array<{
    action: string;
    actor: { user_id: string | null };
    target: { params: Record<string, unknown> };
  }>;

describe('POST /v1/session (sign in)', () => {
  it('exchanges a key for an HttpOnly, SameSite=Strict session cookie that /v1 routes accept', async () => {
    const user = await h.user();
    const b = await signIn(h, user);
    const setCookie = String(b.signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^ctxhub_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // plain HTTP: a local server
    expect(b.signIn.body).not.toContain(user.key);
    expect(b.signIn.json()).toMatchObject({ user: { id: user.id, email: user.email, is_admin: false } });

    const me = await h.request('GET', '/v1/me', { headers: { cookie: b.cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.id).toBe(user.id);
    const session = await h.request('GET', '/v1/session', { headers: { cookie: b.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().csrf_token).toBe(b.csrf);

    const [entry] = (await auditActions('session.signed_in')).filter(
      (e) => e.target.params.user_id === user.id,
    );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(user.key);
  });

  it('refuses a bad key with 401 and sets no cookie', async () => {
    const user = await h.user();
    // The user's key with its last character changed (never to the one it has: it may be an x).
    const altered = `${user.key.slice(0, -1)}${user.key.endsWith('x') ? 'y' : 'x'}`;
    for (const api_key of ['nope', altered, 'ctxh_' + 'A'.repeat(38)]) {
      const res = await h.request('POST', '/v1/session', { body: { api_key } });
      expectError(res, 401, 'unauthenticated');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses bad input with 400 and sets no cookie', async () => {
    const bodies: Array<[unknown, string]> = [
      [{}, 'body.api_key'],
      [{ api_key: 42 }, 'body.api_key'],
      [{ api_key: '' }, 'body.api_key'],
      [{ api_key: 'x'.repeat(201) }, 'body.api_key'],
      [{ api_key: h.admin.key, extra: 1 }, 'body'],
    ];
    for (const [body, path] of bodies) {
      const res = await h.request('POST', '/v1/session', { body });
      expectInvalid(res, path);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const api_key of HOSTILE_STRINGS) {
      const res = await h.request('POST', '/v1/session', { body: { api_key } });
      expect([400, 401]).toContain(res.statusCode);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const text = await h.request('POST', '/v1/session', {
      headers: { 'content-type': 'text/plain' },
      body: h.admin.key,
    });
    expectError(text, 415, 'unsupported_media_type');
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:8080', host: 'localhost:8080' },
    ];
    for (const headers of attempts) {
      const res = await h.request('POST', '/v1/session', { body: { api_key: h.admin.key }, headers });
      expectError(res, 403, 'forbidden');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    await signIn(h, h.admin, {
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'sec-fetch-site': 'same-origin',
    });
  });

  it('takes an HTML form (the one-time page) and sends the browser to /admin/', async () => {
    const res = await h.request('POST', '/v1/session', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `api_key=${encodeURIComponent(h.admin.key)}`,
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/admin/');
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    expect((await h.request('GET', '/v1/me', { headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('the session cookie', () => {
  it('needs the CSRF token for every write; without it nothing changes', async () => {
    const user = await h.user();
    const b = await signIn(h, user);
    const keysBefore = (await h.request('GET', '/v1/api-keys', { as: user })).json().items.length;
    for (const headers of [asBrowser(b, false), { ...asBrowser(b, false), 'x-csrf-token': 'wrong' }]) {
      const res = await h.request('POST', '/v1/api-keys', { headers, body: { label: 'x' } });
      expectError(res, 403, 'forbidden');
    }
    expect((await h.request('GET', '/v1/api-keys', { as: user })).json().items).toHaveLength(keysBefore);
    const made = await h.request('POST', '/v1/api-keys', { headers: asBrowser(b), body: { label: 'x' } });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('is not read by /mcp, and an Authorization header wins over it', async () => {
    const user = await h.user();
    const b = await signIn(h, user);
    const mcp = await h.request('POST', '/mcp', {
      headers: { ...asBrowser(b), accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });
    expect(mcp.statusCode).toBe(401);
    const me = await h.request('GET', '/v1/me', { headers: { cookie: b.cookie, ...h.admin.headers } });
    expect(me.json().user.id).toBe(h.admin.id);
    // GET /v1/session is about a session: a key-authenticated call has none.
    expectError(await h.request('GET', '/v1/session', { as: user }), 404, 'not_found');
  });

  it('ends at sign-out: 204, the cookie cleared, then 401 and the cookie cleared again', async () => {
    const user = await h.user();
    const b = await signIn(h, user);
    expectError(await h.request('DELETE', '/v1/session', { headers: asBrowser(b, false) }), 403, 'forbidden');
    const out = await h.request('DELETE', '/v1/session', { headers: asBrowser(b) });
    expect(out.statusCode, out.body).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^ctxhub_session=; Max-Age=0/);
    const after = await h.request('GET', '/v1/me', { headers: { cookie: b.cookie } });
    expect(expectError(after, 401, 'unauthenticated').message).toMatch(/session has ended/);
    expect(String(after.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const out_ = (await auditActions('session.signed_out')).filter((e) => e.actor.user_id === user.id);
    expect(out_).toHaveLength(1);
  });

  it("ends at once when its key is revoked or its user's keys are reset", async () => {
    const user = await h.user();
    const b = await signIn(h, user);
    const keyId = (await h.request('GET', '/v1/api-keys', { as: user })).json().items[0].id;
    expect((await h.request('POST', `/v1/api-keys/${keyId}/revoke`, { as: h.admin })).statusCode).toBe(200);
    expectError(await h.request('GET', '/v1/me', { headers: { cookie: b.cookie } }), 401, 'unauthenticated');

    const other = await h.user();
    const c = await signIn(h, other);
    const reset = await h.request('POST', `/v1/users/${other.id}/api-keys/reset`, { as: h.admin });
    expect(reset.statusCode, reset.body).toBe(200);
    expectError(await h.request('GET', '/v1/me', { headers: { cookie: c.cookie } }), 401, 'unauthenticated');
  });

  it('ends after the idle timeout unused, and at its absolute expiry however used', async () => {
    const user = await h.user();
    const idle = await signIn(h, user);
    h.clock.advance(h.config.uiSession.idleMs + 1000);
    expectError(
      await h.request('GET', '/v1/me', { headers: { cookie: idle.cookie } }),
      401,
      'unauthenticated',
    );

    const busy = await signIn(h, user);
    const step = h.config.uiSession.idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < h.config.uiSession.maxMs) {
      h.clock.advance(step);
      elapsed += step;
      const res = await h.request('GET', '/v1/me', { headers: { cookie: busy.cookie } });
      expect(res.statusCode, `after ${elapsed / 60_000} min`).toBe(200);
    }
    h.clock.advance(h.config.uiSession.maxMs - elapsed + 1000);
    expectError(
      await h.request('GET', '/v1/me', { headers: { cookie: busy.cookie } }),
      401,
      'unauthenticated',
    );
  });

  it('answers a made-up or malformed cookie with 401, clearing it', async () => {
    for (const cookie of [
      'ctxhub_session=' + 'A'.repeat(43),
      'ctxhub_session=',
      'ctxhub_session=%zz',
      `ctxhub_session=${'x'.repeat(500)}`,
    ]) {
      const res = await h.request('GET', '/v1/me', { headers: { cookie } });
      expectError(res, 401, 'unauthenticated');
    }
  });

  it('has the usual key matrix on the session routes', async () => {
    await expectKeyRequired(h, { method: 'GET', url: '/v1/session' });
    await expectKeyRequired(h, { method: 'DELETE', url: '/v1/session' });
  });
});

describe('behind HTTPS', () => {
  const hs = useHarness({ trustProxy: true });
  it('marks the cookie Secure with the __Host- prefix', async () => {
    const b = await signIn(hs, hs.admin, { 'x-forwarded-proto': 'https' });
    const setCookie = String(b.signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-ctxhub_session=/);
    expect(setCookie).toMatch(/Secure/);
    const me = await hs.request('GET', '/v1/me', {
      headers: { cookie: b.cookie, 'x-forwarded-proto': 'https' },
    });
    expect(me.statusCode).toBe(200);
  });
});
