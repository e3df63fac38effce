import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openJson, sealJson, SealedValueError } from './secret-box.ts';

const key = randomBytes(32);

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const value = { api_token: 'tok-🔑-"quoted"-\\', webhook_url: 'https://hooks.example.com/T1/B2' };
    const sealed = sealJson(key, 'ws_1:tracker', value);
    expect(sealed).not.toContain('tok-');
    expect(sealed).not.toContain('hooks.example.com');
    expect(openJson(key, 'ws_1:tracker', sealed)).toEqual(value);
  });

  it('seals the same value differently each time (a fresh nonce)', () => {
    expect(sealJson(key, 'c', { a: 1 })).not.toBe(sealJson(key, 'c', { a: 1 }));
  });

  it('refuses another key, another context, a changed byte and malformed text', () => {
    const sealed = sealJson(key, 'ws_1:tracker', { api_token: 'x' });
    expect(() => openJson(randomBytes(32), 'ws_1:tracker', sealed)).toThrow(SealedValueError);
    expect(() => openJson(key, 'ws_2:tracker', sealed)).toThrow(SealedValueError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => openJson(key, 'ws_1:tracker', parts.join('.'))).toThrow(SealedValueError);
    for (const bad of ['', 'v1', 'v2.a.b.c', `${sealed}.extra`]) {
      expect(() => openJson(key, 'ws_1:tracker', bad)).toThrow(SealedValueError);
    }
  });
});
