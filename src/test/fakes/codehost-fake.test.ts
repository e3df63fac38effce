import { describe, expect, it } from 'vitest';
import {
  generateAppKeyPair,
  secondaryRateLimit,
  signWebhookBody,
  testAppKeys,
  type AppKeyPair,
} from './codehost-fake.ts';
import { APP_ID, KEYS, appJwt, call, codehostScene, mint, nowS, signJwt } from './codehost.fixtures.ts';

// The code host fake's App JWT checks, installation tokens, queued failures and rate limits, driven
// with plain fetch and JWTs signed here (codehost.fixtures.ts), not by the fake's own code.

const { start } = codehostScene();

describe('codehost fake: App JWTs', () => {
  it('accepts a good RS256 JWT (iss as number or string) and records the call as jwt', async () => {
    const fake = await start();
    const res = await call(fake, '/app', `Bearer ${appJwt()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toMatchObject({
      id: APP_ID,
      slug: 'ctxhub-test',
      owner: { login: expect.any(String) },
      html_url: 'https://github.com/apps/ctxhub-test',
    });
    expect((await call(fake, '/app', `Bearer ${appJwt({ iss: String(APP_ID) })}`)).status).toBe(200);
    expect(fake.calls[0]).toEqual({ method: 'GET', path: '/app', query: {}, auth: 'jwt' });
  });

  const other: AppKeyPair = generateAppKeyPair();
  it.each([
    [
      'signed with another key',
      () => signJwt({ iat: nowS() - 60, exp: nowS() + 540, iss: APP_ID }, other.privateKeyPem),
      'decoded',
    ],
    ['for another app', () => appJwt({ iss: APP_ID + 1 }), 'decoded'],
    ['with a non-numeric iss', () => appJwt({ iss: 'ctxhub' }), "('iss')"],
    ['expired', () => appJwt({ iat: nowS() - 700, exp: nowS() - 100 }), "('exp') must be"],
    ['without exp', () => appJwt({ exp: undefined }), "('exp') must be"],
    ['expiring more than 10 minutes after iat', () => appJwt({ iat: nowS(), exp: nowS() + 661 }), 'too far'],
    ['issued in the future', () => appJwt({ iat: nowS() + 120, exp: nowS() + 300 }), "('iat')"],
    [
      'signed with another alg name',
      () => signJwt({ iat: nowS(), exp: nowS() + 60, iss: APP_ID }, KEYS.privateKeyPem, 'HS256'),
      'decoded',
    ],
    [
      'tampered with',
      () => appJwt().replace(/\.[^.]+\./, `.${Buffer.from('{"iss":1}').toString('base64url')}.`),
      'decoded',
    ],
  ])('refuses a JWT %s with 401 and GitHub’s message', async (_what, jwt, message) => {
    const fake = await start();
    const res = await call(fake, '/app', `Bearer ${jwt()}`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { message: string; documentation_url: string };
    expect(body.message).toContain(message);
    expect(body.documentation_url).toBe('https://docs.github.com/rest');
    expect(fake.calls.map((c) => c.auth)).toEqual(['invalid']);
  });

  it('accepts a JWT only with the Bearer scheme, and never for installation endpoints', async () => {
    const fake = await start();
    expect((await call(fake, '/app', `token ${appJwt()}`)).status).toBe(401);
    expect((await call(fake, '/app')).status).toBe(401);
    const res = await call(fake, '/installation/repositories', `Bearer ${appJwt()}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Bad credentials');
    expect(fake.calls.map((c) => c.auth)).toEqual(['invalid', 'none', 'jwt']);
  });
});

describe('codehost fake: installations and tokens', () => {
  it('describes an installation and mints ghs_ tokens that expire in an hour', async () => {
    const fake = await start();
    const res = await call(fake, '/app/installations/2', `Bearer ${appJwt()}`);
    expect(await res.json()).toMatchObject({
      id: 2,
      account: {
        login: 'globex',
        type: 'User',
        id: expect.any(Number),
        html_url: 'https://github.com/globex',
      },
      repository_selection: 'all',
      app_id: APP_ID,
      app_slug: 'ctxhub-test',
      target_type: 'User',
      permissions: { metadata: 'read', members: 'read', contents: 'read' },
      suspended_at: null,
    });
    const minted = await call(fake, '/app/installations/1/access_tokens', `Bearer ${appJwt()}`, 'POST');
    expect(minted.status).toBe(201);
    const body = (await minted.json()) as { token: string; expires_at: string; repository_selection: string };
    expect(body.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(3590_000);
    expect(Date.parse(body.expires_at) - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(body.repository_selection).toBe('all');
    expect(await mint(fake, 1)).not.toBe(body.token);
    expect(fake.tokensMinted).toBe(2);
    const list = await call(fake, '/app/installations', `Bearer ${appJwt()}`);
    expect(((await list.json()) as Array<{ id: number }>).map((i) => i.id)).toEqual([1, 2]);
  });

  it('answers 404 for an unknown installation and 403 for a suspended one', async () => {
    const fake = await start();
    const unknown = await call(fake, '/app/installations/99/access_tokens', `Bearer ${appJwt()}`, 'POST');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Not Found' });
    const token = await mint(fake, 2);
    fake.suspend(2);
    expect(
      (await call(fake, '/app/installations/2/access_tokens', `Bearer ${appJwt()}`, 'POST')).status,
    ).toBe(403);
    expect((await call(fake, '/repos/globex/secret', `token ${token}`)).status).toBe(403);
    const inst = (await (await call(fake, '/app/installations/2', `Bearer ${appJwt()}`)).json()) as {
      suspended_at: string;
    };
    expect(Date.parse(inst.suspended_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(fake.tokensMinted).toBe(1);
  });

  it('answers 401 Bad credentials for unknown and expired tokens, and reset() forgets tokens', async () => {
    const fake = await start();
    const token = await mint(fake, 1);
    expect((await call(fake, '/repos/acme/repo-0001', `Bearer ${token}`)).status).toBe(200);
    fake.expireTokens();
    const expired = await call(fake, '/repos/acme/repo-0001', `token ${token}`);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
    });
    expect((await call(fake, '/repos/acme/repo-0001', `token ghs_${'x'.repeat(36)}`)).status).toBe(401);
    const fresh = await mint(fake, 1);
    fake.reset();
    expect(fake.calls).toEqual([]);
    expect(fake.tokensMinted).toBe(0);
    expect((await call(fake, '/repos/acme/repo-0001', `token ${fresh}`)).status).toBe(401);
    expect(fake.calls.map((c) => c.auth)).toEqual(['invalid']);
  });
});

describe('codehost fake: failures, rate limits and helpers', () => {
  it('answers a queued secondary rate limit once, with retry-after, whatever the request', async () => {
    const fake = await start();
    fake.failNext(secondaryRateLimit(1).status, secondaryRateLimit(1).body, secondaryRateLimit(1).headers);
    fake.failNext(502);
    const limited = await call(fake, '/app', `Bearer ${appJwt()}`);
    expect(limited.status).toBe(403);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^You have exceeded a secondary rate limit/,
    );
    const bad = await call(fake, '/nowhere');
    expect(bad.status).toBe(502);
    expect(await bad.json()).toMatchObject({ message: 'Bad Gateway' });
    expect((await call(fake, '/app', `Bearer ${appJwt()}`)).status).toBe(200);
  });

  it('sends rate-limit headers on every answer, counting per installation and for the App', async () => {
    const fake = await start();
    const token = await mint(fake, 1); // the App's first request
    const first = await call(fake, '/installation/repositories', `token ${token}`);
    const second = await call(fake, '/repos/acme/repo-0001', `Bearer ${token}`);
    const app = await call(fake, '/app', `Bearer ${appJwt()}`);
    const header = (res: Response, name: string) => res.headers.get(`x-ratelimit-${name}`);
    for (const res of [first, second, app]) {
      expect(header(res, 'limit')).toBe('5000');
      expect(header(res, 'resource')).toBe('core');
      const reset = Number(header(res, 'reset'));
      expect(reset).toBeGreaterThan(nowS() + 3500);
      expect(reset).toBeLessThanOrEqual(nowS() + 3600);
      expect(res.headers.get('x-github-request-id')).toMatch(/^[0-9A-F]{4}(:[0-9A-F]+){4}$/);
    }
    expect([first, second, app].map((res) => [header(res, 'remaining'), header(res, 'used')])).toEqual([
      ['4999', '1'],
      ['4998', '2'],
      ['4998', '2'],
    ]);
    expect(first.headers.get('x-github-request-id')).not.toBe(second.headers.get('x-github-request-id'));
    const notFound = await call(fake, '/no/such/path', `token ${token}`);
    expect(notFound.status).toBe(404);
    expect(header(notFound, 'remaining')).toBe('4997');
  });

  it('answers 403 once a bucket is spent, leaving other installations alone', async () => {
    const fake = await start({ rateLimit: 2 });
    const acme = `token ${await mint(fake, 1)}`;
    const globex = `token ${await mint(fake, 2)}`;
    expect((await call(fake, '/repos/acme/repo-0001', acme)).status).toBe(200);
    expect((await call(fake, '/repos/acme/repo-0001', acme)).status).toBe(200);
    const spent = await call(fake, '/repos/acme/repo-0001', acme);
    expect(spent.status).toBe(403);
    expect(spent.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await spent.json()).toMatchObject({ message: 'API rate limit exceeded for installation ID 1.' });
    expect((await call(fake, '/repos/globex/secret', globex)).status).toBe(200);
  });

  it('answers 404 Not Found for unknown paths and methods', async () => {
    const fake = await start();
    const token = `token ${await mint(fake, 1)}`;
    for (const [path, method] of [
      ['/orgs/acme', 'GET'],
      ['/repos/acme/repo-0001', 'DELETE'],
    ] as const) {
      const res = await call(fake, path, token, method);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
      });
    }
  });

  it('signs webhook bodies as GitHub documents (X-Hub-Signature-256)', () => {
    expect(signWebhookBody("It's a Secret to Everybody", 'Hello, World!')).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
  });

  it('hands out one PKCS#1 key pair per process', () => {
    expect(testAppKeys()).toBe(KEYS);
    expect(KEYS.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(KEYS.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
  });
});
