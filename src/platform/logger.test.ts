import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { App } from './http/types.ts';
import { Harness } from '../test/harness.ts';

let h: Harness;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  h = await Harness.start();
  app = await buildApp({
    db: h.database.db,
    config: { ...h.config, logLevel: 'trace' },
    ping: h.database.ping,
    claims: h.database.claims,
    now: h.clock.now,
    logger: { write: (line) => lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await h.close();
});

describe('logs', () => {
  it('never contain API keys, one-time tokens or their plaintext, even at trace level', async () => {
    const user = await h.user();
    const reset = await app.inject({
      method: 'POST',
      url: `/v1/users/${user.id}/api-keys/reset`,
      headers: h.admin.headers,
    });
    expect(reset.statusCode).toBe(200);
    const link = new URL(reset.json().one_time_url);
    const token = link.pathname.split('/').pop()!;
    const view = await app.inject({ method: 'GET', url: link.pathname });
    expect(view.statusCode).toBe(200);
    const revealed = view.json().api_key as string;
    expect((await app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(410);
    await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${revealed}` } });
    await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${revealed}x` } });
    const created = await app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: h.admin.headers,
      payload: {},
    });
    const plaintext = created.json().api_key as string;

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(text).toContain('/v1/api-keys/one-time/[redacted]');
    for (const secret of [token, revealed, plaintext, h.admin.key, user.key]) {
      expect(text).not.toContain(secret);
    }
  });

  it('never contain integration secrets, even when the save fails at trace level', async () => {
    const ws = await h.workspace([]);
    const body = {
      workspace_key: ws,
      provider: 'tracker',
      enabled: true,
      config: {
        base_url: 'https://acme.atlassian.net',
        email: 'bot@acme.example',
        api_token: 'tok-LOGSECRET-1',
      },
    };
    for (const payload of [body, { ...body, config: { ...body.config, email: 'nope' } }]) {
      await app.inject({ method: 'PUT', url: '/v1/integrations', headers: h.admin.headers, payload });
    }
    await app.inject({
      method: 'GET',
      url: `/v1/integrations?workspace_key=${ws}`,
      headers: h.admin.headers,
    });
    expect(lines.join('')).not.toContain('LOGSECRET');
  });

  it('keep a secret pasted into a query string out of the request line', async () => {
    const pasted = `ghp_${'A1b2C3d4'.repeat(5)}`;
    const before = lines.length;
    await app.inject({
      method: 'GET',
      url: `/v1/raw/search?workspace_key=nowhere&project_key=none&q=${pasted}`,
      headers: h.admin.headers,
    });
    const text = lines.slice(before).join('');
    expect(text).toContain('/v1/raw/search?');
    expect(text).toContain('[redacted:');
    expect(text).not.toContain(pasted);
  });
});
