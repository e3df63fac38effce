import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/load.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';

/**
 * Behind a proxy that appends to X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`), naming
 * the proxy's address in SERVICE_TRUST_PROXY makes the client the address the proxy saw: what a
 * client writes into the header itself cannot pick the address its rate limit counts against.
 */
const h = useHarness({
  trustProxy: ['127.0.0.1', '10.0.0.0/8'],
  rateLimit: { perKeyPerMinute: 100, perIpPerMinute: 2 },
});

const badKey = (remoteAddress: string, forwardedFor: string): Promise<LightMyRequestResponse> =>
  h.app.inject({
    method: 'GET',
    url: '/v1/me',
    remoteAddress,
    headers: { authorization: 'Bearer ctxh_not-a-real-key', 'x-forwarded-for': forwardedFor },
  });

describe('SERVICE_TRUST_PROXY with proxy addresses', () => {
  it('counts a client behind the trusted proxies by the address they saw, whatever it wrote itself', async () => {
    // nginx at 127.0.0.1 appended the client's real address to what the client sent.
    expectError(await badKey('127.0.0.1', '6.6.6.1, 203.0.113.9'), 401, 'unauthenticated');
    expectError(await badKey('127.0.0.1', '6.6.6.2, 203.0.113.9'), 401, 'unauthenticated');
    expectError(await badKey('127.0.0.1', '6.6.6.3, 203.0.113.9'), 429, 'rate_limited');
    // Through two trusted hops (10.1.2.3 forwarded to 127.0.0.1), the same client is still counted.
    expectError(await badKey('127.0.0.1', '6.6.6.4, 203.0.113.9, 10.1.2.3'), 429, 'rate_limited');
    // Another client behind the proxy has its own budget.
    expectError(await badKey('127.0.0.1', '198.51.100.7'), 401, 'unauthenticated');
  });

  it('ignores X-Forwarded-For sent straight to the server by an untrusted address', async () => {
    expectError(await badKey('192.0.2.50', '198.51.100.8'), 401, 'unauthenticated');
    expectError(await badKey('192.0.2.50', '198.51.100.9'), 401, 'unauthenticated');
    expectError(await badKey('192.0.2.50', '198.51.100.10'), 429, 'rate_limited');
  });

  it('reads true, false and address lists, and refuses anything else', () => {
    const read = (value: string) => parseEnv({ SERVICE_TRUST_PROXY: value }).SERVICE_TRUST_PROXY;
    expect(read('true')).toBe(true);
    expect(read('1')).toBe(true);
    expect(read('false')).toBe(false);
    expect(parseEnv({}).SERVICE_TRUST_PROXY).toBe(false);
    expect(read('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['maybe', '2', '10.0.0.0/33', 'face', '1.2.3.4/8/9']) {
      expect(() => read(bad), bad).toThrow(/SERVICE_TRUST_PROXY/);
    }
  });
});
