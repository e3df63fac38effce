import { describe, expect, it } from 'vitest';
import {
  guardedLookup,
  InternalAddressError,
  isInternalAddress,
  outboundUrlProblem,
} from './outbound-address.ts';

describe('the outbound guard', () => {
  it('knows internal addresses of both families, mapped and bracketed forms included', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '[::1]',
      '::',
      'fd00::1',
      'fe80::1%eth0',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of [
      '8.8.8.8',
      '172.32.0.1',
      '104.192.141.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      'example.com',
    ]) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });

  it('refuses internal URLs unless private networks are allowed, and other schemes always', () => {
    const internal = [
      'http://127.0.0.1:8080/',
      'https://localhost/',
      'https://api.localhost/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'https://jira.internal/',
      'http://2130706433/',
    ];
    for (const url of internal) {
      expect(outboundUrlProblem(url, false), url).toMatch(/internal address/);
      expect(outboundUrlProblem(url, true), url).toBeNull();
    }
    expect(outboundUrlProblem('https://acme.atlassian.net', false)).toBeNull();
    expect(outboundUrlProblem('ftp://acme.atlassian.net', true)).toMatch(/http/);
    expect(outboundUrlProblem('not a url', true)).toMatch(/http/);
    expect(outboundUrlProblem('https://user:pw@acme.atlassian.net', true)).toMatch(/credentials/);
  });

  it('refuses a name that resolves inward when the call connects', async () => {
    const resolve = (allow: boolean) =>
      new Promise<{ err: Error | null; address: unknown }>((done) =>
        guardedLookup(allow)('localhost', {}, (err, address) => done({ err, address })),
      );
    const refused = await resolve(false);
    expect(refused.err).toBeInstanceOf(InternalAddressError);
    const allowed = await resolve(true);
    expect(allowed.err).toBeNull();
    expect(isInternalAddress(String(allowed.address))).toBe(true);
  });
});
