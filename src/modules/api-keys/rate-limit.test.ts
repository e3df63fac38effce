import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';

const h = useHarness({ rateLimit: { perKeyPerMinute: 3, perIpPerMinute: 2 } });

const expectRateLimited = (res: LightMyRequestResponse) => {
  expectError(res, 429, 'rate_limited');
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
};

describe('rate limiting', () => {
  it('answers the 4th call of a key within a minute with 429 and Retry-After', async () => {
    const user = await h.user();
    const other = await h.user();
    for (let i = 0; i < 3; i++) {
      const res = await h.request('GET', '/v1/api-keys', { as: user });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    expectRateLimited(await h.request('GET', '/v1/api-keys', { as: user }));
    expectRateLimited(await h.request('POST', '/v1/api-keys', { as: user, body: { label: 'more' } }));
    // The budget is per key: another user's key is untouched, and nothing was created.
    const res = await h.request('GET', `/v1/users/${user.id}/api-keys`, { as: h.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect((await h.request('GET', '/v1/me', { as: other })).statusCode).toBe(200);
  });

  it('limits repeated bad-key calls per IP', async () => {
    const bad = { headers: { authorization: 'Bearer ctxh_not-a-real-key' } };
    expectError(await h.request('GET', '/v1/api-keys', bad), 401, 'unauthenticated');
    expectError(await h.request('GET', '/v1/api-keys', bad), 401, 'unauthenticated');
    expectRateLimited(await h.request('GET', '/v1/api-keys', bad));
    expectRateLimited(await h.request('GET', '/v1/api-keys', {}));
    // Public one-time links share the IP budget.
    expectRateLimited(await h.request('GET', '/v1/api-keys/one-time/garbage'));
    // A valid key is counted per key, not per IP.
    const user = await h.user();
    expect((await h.request('GET', '/v1/me', { as: user })).statusCode).toBe(200);
  });
});
