import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  auditLog,
  digestOf,
  expectKeyWorks,
  KEY_SHAPE,
  keysOf,
  pathOf,
  reset,
  view,
} from './keys.fixtures.ts';

const h = useHarness();

describe('GET /v1/api-keys/one-time/:token', () => {
  const freshLink = async () => {
    const user = await h.user();
    return { user, ...(await reset(h, h.admin, user.id)) };
  };
  /** The link answers 200 with a key that works for `user`. */
  const expectRevealsKeyOf = async (oneTimeUrl: string, user: TestUser) => {
    const res = await view(h, oneTimeUrl);
    expect(res.statusCode, res.body).toBe(200);
    await expectKeyWorks(h, res.json().api_key, user.id);
  };
  /** The api_key.one_time_view entries about `user`. */
  const oneTimeViewsOf = async (user: TestUser) =>
    (await auditLog(h, { action_prefix: 'api_key.one_time_view' })).filter(
      (e) => e.target.params.user_id === user.id,
    );

  it('reveals the key once as JSON without a key, then answers 410', async () => {
    const { user, one_time_url } = await freshLink();
    const res = await view(h, one_time_url);
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
    expect(res.body).not.toContain(digestOf(h, revealed.api_key));
    await expectKeyWorks(h, revealed.api_key, user.id);

    const again = expectError(await view(h, one_time_url), 410, 'gone');
    expect(again.message).not.toContain(revealed.api_key);
    // A bad key on the request changes nothing: the route is public, the link is still used up.
    expectError(await view(h, one_time_url, { authorization: 'Bearer nope' }), 410, 'gone');
  });

  const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const reveal = (oneTimeUrl: string, headers: Record<string, string> = {}) =>
    h.request('POST', pathOf(oneTimeUrl), { headers, body: '' });
  const expectPageHeaders = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  };

  it("gives a browser's GET a page whose button reveals the key (POST), once", async () => {
    const { user, one_time_url } = await freshLink();
    const page = await view(h, one_time_url, BROWSER);
    expect(page.statusCode, page.body).toBe(200);
    expectPageHeaders(page);
    expect(page.body).not.toMatch(/ctxh_/);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).not.toMatch(/<script/i);
    // Opening the page again still offers the button: the GET used nothing up.
    expect((await view(h, one_time_url, BROWSER)).body).toContain('Reveal my key');
    expect(await oneTimeViewsOf(user)).toHaveLength(0);

    const revealed = await reveal(one_time_url, {
      ...BROWSER,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expectPageHeaders(revealed);
    const key = /ctxh_[0-9A-Za-z]{38}/.exec(revealed.body)?.[0];
    expect(key).toBeDefined();
    expect(revealed.body).toContain(`<code class="key">${key}</code>`);
    // The page offers signing in with it: a form posting the key to the session route.
    expect(revealed.body).toContain('action="/v1/session"');
    await expectKeyWorks(h, key!, user.id);

    const used = await view(h, one_time_url, BROWSER);
    expect(used.statusCode).toBe(410);
    expectPageHeaders(used);
    expect(used.body).toContain('already used or has expired');
    expect((await reveal(one_time_url, BROWSER)).statusCode).toBe(410);
  });

  it('is never used up by a link preview, whatever it accepts', async () => {
    const { user, one_time_url } = await freshLink();
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'facebookexternalhit/1.1',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ]) {
      for (const accept of ['*/*', 'application/json', 'text/html']) {
        const res = await view(h, one_time_url, { 'user-agent': agent, accept });
        expect(res.statusCode, `${agent} ${accept}`).toBe(200);
        expect(res.body).not.toMatch(/ctxh_/);
      }
    }
    expect(await oneTimeViewsOf(user)).toHaveLength(0);
    await expectRevealsKeyOf(one_time_url, user);
  });

  it('reveals the key once as JSON on POST too, then answers 410', async () => {
    const { user, one_time_url } = await freshLink();
    const res = await h.request('POST', pathOf(one_time_url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    await expectKeyWorks(h, res.json().api_key, user.id);
    expectError(await h.request('POST', pathOf(one_time_url)), 410, 'gone');
    expectError(await view(h, one_time_url), 410, 'gone');
  });

  it('refuses a POST body that is not a form or JSON, revealing nothing', async () => {
    const { user, one_time_url } = await freshLink();
    const res = await h.request('POST', pathOf(one_time_url), {
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expectError(res, 415, 'unsupported_media_type');
    const big = await h.request('POST', pathOf(one_time_url), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x='.padEnd(5000, 'a'),
    });
    expectError(big, 413, 'payload_too_large');
    await expectRevealsKeyOf(one_time_url, user);
  });

  it('shows a browser an unknown link as a 404 page', async () => {
    const res = await view(h, 'http://x/v1/api-keys/one-time/garbage', BROWSER);
    expect(res.statusCode).toBe(404);
    expectPageHeaders(res);
    expect(res.body).toContain('One-time link not found');
  });

  it('is not used up by a HEAD request', async () => {
    const { user, one_time_url } = await freshLink();
    const head = await h.request('HEAD', pathOf(one_time_url));
    // No HEAD route: the answer is an error (401 like any unknown route without a key), never the key.
    expect(head.statusCode).toBeGreaterThanOrEqual(400);
    expect(head.statusCode).toBeLessThan(500);
    await expectRevealsKeyOf(one_time_url, user);
  });

  it('answers 410 once the link has expired, revealing nothing', async () => {
    const { user, one_time_url } = await freshLink();
    h.clock.advance((h.config.oneTimeTokenTtlSeconds + 1) * 1000);
    expectError(await view(h, one_time_url), 410, 'gone');
    const [pending] = (await keysOf(h, user.id)).filter((k) => k.status !== 'revoked');
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
    await expectRevealsKeyOf(one_time_url, user);
  });

  it('gives the key to exactly one of two concurrent views', async () => {
    const { user, one_time_url } = await freshLink();
    const answers = await Promise.all([view(h, one_time_url), view(h, one_time_url)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const winner = answers.find((r) => r.statusCode === 200)!;
    const loser = answers.find((r) => r.statusCode === 410)!;
    expectError(loser, 410, 'gone');
    await expectKeyWorks(h, winner.json().api_key, user.id);
    expect(await oneTimeViewsOf(user)).toHaveLength(1);
  });

  it('audits api_key.one_time_view without the plaintext', async () => {
    const { user, one_time_url } = await freshLink();
    const revealed = (await view(h, one_time_url)).json();
    const entries = (await auditLog(h, { action_prefix: 'api_key.one_time_view' })).filter(
      (e) => e.target.id === revealed.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_key: null,
      target: { type: 'api_key', params: { key_id: revealed.id, user_id: user.id } },
      actor: { user_id: null, system: 'anonymous' },
    });
    expect(JSON.stringify(entries)).not.toContain(revealed.api_key);
    expect(JSON.stringify(entries)).not.toContain(digestOf(h, revealed.api_key));
  });

  it('answers 410 for a link whose key a later reset revoked', async () => {
    const { user, one_time_url: first } = await freshLink();
    const { one_time_url: second } = await reset(h, h.admin, user.id);
    expectError(await view(h, first), 410, 'gone');
    await expectRevealsKeyOf(second, user);
    // The first link stays dead, and nothing about it was audited as viewed.
    expectError(await view(h, first), 410, 'gone');
    expect(await oneTimeViewsOf(user)).toHaveLength(1);
  });
});
