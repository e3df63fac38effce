import { createHmac } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateKey, isWellFormedKey, KEY_PREFIX, keyDigest, recognitionPrefix } from './key-format.ts';
import { readOneTimeToken, signOneTimeToken } from './one-time-token.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const fromBase62 = (s: string) => [...s].reduce((n, c) => n * 62 + BASE62.indexOf(c), 0);

/** Replaces the character at `i` with a different base62 character. */
const mutate = (key: string, i: number) =>
  `${key.slice(0, i)}${key[i] === 'A' ? 'B' : 'A'}${key.slice(i + 1)}`;

describe('generateKey', () => {
  it('is ctxh_ + 32 base62 characters + a 6-character base62 CRC32 of the random part', () => {
    for (let i = 0; i < 50; i++) {
      const key = generateKey();
      expect(key).toMatch(/^ctxh_[0-9A-Za-z]{38}$/);
      expect(key.startsWith(KEY_PREFIX)).toBe(true);
      const random = key.slice(5, 37);
      expect(fromBase62(key.slice(37))).toBe(crc32(random));
      expect(isWellFormedKey(key)).toBe(true);
    }
  });

  it('does not repeat', () => {
    const keys = new Set(Array.from({ length: 500 }, generateKey));
    expect(keys.size).toBe(500);
  });
});

describe('isWellFormedKey', () => {
  const key = generateKey();

  it('rejects any single mistyped character', () => {
    for (let i = KEY_PREFIX.length; i < key.length; i++) {
      expect(isWellFormedKey(mutate(key, i)), `position ${i}`).toBe(false);
    }
  });

  it('rejects other shapes', () => {
    for (const bad of [
      '',
      KEY_PREFIX,
      key.slice(0, -1),
      `${key}A`,
      key.replace('ctxh_', 'ctxk_'),
      key.replace('ctxh_', 'CTXH_'),
      key.slice(5),
      ` ${key}`,
      `${key}\n`,
      `${key.slice(0, 10)}-${key.slice(11)}`,
      `${key.slice(0, 10)}é${key.slice(11)}`,
      'ctxh_' + '0'.repeat(38),
    ]) {
      expect(isWellFormedKey(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('recognitionPrefix', () => {
  it('keeps ctxh_ and 7 characters, too few to use the key', () => {
    const key = generateKey();
    expect(recognitionPrefix(key)).toBe(key.slice(0, 12));
    expect(recognitionPrefix(key)).toHaveLength(12);
  });
});

describe('keyDigest', () => {
  const key = generateKey();

  it('is a keyed HMAC-SHA256: hex, stable for one secret, different for another', () => {
    const digest = keyDigest('secret-a', key);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(keyDigest('secret-a', key)).toBe(digest);
    expect(keyDigest('secret-b', key)).not.toBe(digest);
    expect(keyDigest('secret-a', generateKey())).not.toBe(digest);
    expect(digest).not.toContain(key.slice(5));
  });
});

describe('one-time tokens', () => {
  const expiresAt = new Date('2030-01-01T00:00:00.000Z');

  it('round-trips the link id and expiry', () => {
    const token = signOneTimeToken('secret', 'otl_01ABC', expiresAt);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readOneTimeToken('secret', token)).toEqual({ linkId: 'otl_01ABC', expiresAt });
  });

  it('rejects another secret, a changed payload or signature, and malformed tokens', () => {
    const token = signOneTimeToken('secret', 'otl_01ABC', expiresAt);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ lid: 'otl_01XYZ', exp: expiresAt.getTime() })).toString(
      'base64url',
    );
    const noExp = Buffer.from(JSON.stringify({ lid: 'otl_01ABC' })).toString('base64url');
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${mutate(signature, 3)}`,
      `${payload}.${signature}.x`,
      `${payload}.`,
      `.${signature}`,
      payload,
      '',
      'not a token',
    ]) {
      expect(readOneTimeToken('secret', bad), bad).toBeUndefined();
    }
    expect(readOneTimeToken('other', token)).toBeUndefined();
    // Correctly signed, but not the payload shape the server issues.
    for (const odd of [noExp, Buffer.from('not json').toString('base64url')]) {
      const sig = createHmac('sha256', 'secret').update(odd).digest('base64url');
      expect(readOneTimeToken('secret', `${odd}.${sig}`)).toBeUndefined();
    }
  });
});
