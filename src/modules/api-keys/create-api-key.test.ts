import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectKeyRequired } from '../../test/security-matrix.ts';
import { isWellFormedKey } from './key-format.ts';
import {
  auditLog,
  createKey,
  digestOf,
  expectKeyRejected,
  expectKeyWorks,
  KEY_SHAPE,
  keysOf,
  METADATA_FIELDS,
  type KeyMeta,
} from './keys.fixtures.ts';

const h = useHarness();

/** Text PostgreSQL cannot keep as given: the API refuses it, naming the field. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isoIn = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();

describe('POST /v1/api-keys', () => {
  it('issues a ctxh_ key with a checksum, shown once, that works at once', async () => {
    const user = await h.user();
    const res = await h.request('POST', '/v1/api-keys', { as: user, body: { label: 'laptop' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual([...METADATA_FIELDS, 'api_key'].sort());
    expect(created).toMatchObject({
      label: 'laptop',
      status: 'active',
      last_used_at: null,
      revoked_at: null,
      expires_at: null,
    });
    expect(created.id).toMatch(/^key_[0-9A-Z]+$/);
    expect(created.api_key).toMatch(KEY_SHAPE);
    expect(isWellFormedKey(created.api_key)).toBe(true);
    expect(created.prefix).toBe(created.api_key.slice(0, 12));
    expect(Date.parse(created.created_at)).not.toBeNaN();
    expect(res.body).not.toContain(digestOf(h, created.api_key));

    await expectKeyWorks(h, created.api_key, user.id);

    // Shown once: no later answer carries the plaintext or the digest.
    const own = await h.request('GET', '/v1/api-keys', { as: user });
    const byAdmin = await h.request('GET', `/v1/users/${user.id}/api-keys`, { as: h.admin });
    for (const later of [own, byAdmin]) {
      expect(later.statusCode).toBe(200);
      expect(later.body).not.toContain(created.api_key);
      expect(later.body).not.toContain(digestOf(h, created.api_key));
      expect(later.body).not.toContain('digest');
      expect(later.json().items.map((k: KeyMeta) => k.id)).toContain(created.id);
    }
  });

  it('works without a body, with an empty JSON body, and without a label', async () => {
    const user = await h.user();
    const noBody = await h.request('POST', '/v1/api-keys', { as: user });
    expect(noBody.statusCode, noBody.body).toBe(201);
    expect(noBody.json()).toMatchObject({ label: null, status: 'active', api_key: expect.any(String) });
    const emptyJson = await h.request('POST', '/v1/api-keys', {
      as: user,
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.statusCode, emptyJson.body).toBe(201);
    const emptyObject = await createKey(h, user, {});
    expect(emptyObject.label).toBeNull();
    const jsonNull = await h.request('POST', '/v1/api-keys', {
      as: user,
      body: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(jsonNull.statusCode, jsonNull.body).toBe(201);
    // Every key is distinct and every one works.
    const keys = [
      noBody.json().api_key,
      emptyJson.json().api_key,
      emptyObject.api_key,
      jsonNull.json().api_key,
    ];
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) await expectKeyWorks(h, key, user.id);
  });

  it('trims the label and keeps hostile-looking text as plain data', async () => {
    const user = await h.user();
    expect((await createKey(h, user, { label: '  ci runner  ' })).label).toBe('ci runner');
    const script = '<script>alert(1)</script>';
    expect((await createKey(h, user, { label: script })).label).toBe(script);
  });

  it('takes an expiry; once it passes the key gets 401 and is listed as expired', async () => {
    const user = await h.user();
    const expiresAt = isoIn(60 * 60 * 1000);
    const created = await createKey(h, user, { label: 'short-lived', expires_at: expiresAt });
    expect(created.status).toBe('active');
    expect(created.expires_at).toBe(expiresAt);
    await expectKeyWorks(h, created.api_key, user.id);

    h.clock.advance(2 * 60 * 60 * 1000);
    await expectKeyRejected(h, created.api_key);
    await expectKeyWorks(h, user.key, user.id);
    const listed = (await keysOf(h, user.id)).find((k) => k.id === created.id);
    expect(listed).toMatchObject({ status: 'expired', expires_at: expiresAt, revoked_at: null });
  });

  it('audits api_key.created with the key id, never the plaintext or digest', async () => {
    const user = await h.user();
    const created = await createKey(h, user, { label: 'audited' });
    const entries = (await auditLog(h, { action_prefix: 'api_key.' })).filter(
      (e) => e.target.id === created.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_key: null,
      action: 'api_key.created',
      target: { type: 'api_key', id: created.id, params: { key_id: created.id, user_id: user.id } },
      actor: { user_id: user.id },
    });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(created.api_key);
    expect(text).not.toContain(created.api_key.slice(5));
    expect(text).not.toContain(digestOf(h, created.api_key));
  });

  it('needs a valid key', () => expectKeyRequired(h, { method: 'POST', url: '/v1/api-keys', body: {} }));

  it('rejects bad input with the field path, creating nothing', async () => {
    const user = await h.user();
    const other = await h.user();
    const before = (await keysOf(h, user.id)).length;
    const post = (body: unknown, headers?: Record<string, string>) =>
      h.request('POST', '/v1/api-keys', { as: user, body, ...(headers ? { headers } : {}) });

    expectInvalid(await post({ label: 42 }), 'body.label');
    expectInvalid(await post({ label: null }), 'body.label');
    expectInvalid(await post({ label: ['a'] }), 'body.label');
    expectInvalid(await post({ label: '' }), 'body.label');
    expectInvalid(await post({ label: '   ' }), 'body.label');
    expectInvalid(await post({ label: 'x'.repeat(201) }), 'body.label');
    expectInvalid(await post({ expires_at: 'tomorrow' }), 'body.expires_at');
    expectInvalid(await post({ expires_at: 1_900_000_000_000 }), 'body.expires_at');
    expectInvalid(await post({ expires_at: '2999-01-01T00:00:00' }), 'body.expires_at');
    const past = expectInvalid(await post({ expires_at: isoIn(-60_000) }), 'body.expires_at');
    expect(past.message).toContain('body.expires_at');
    expectInvalid(await post({ expires_at: h.clock.now().toISOString() }), 'body.expires_at');
    // Nobody chooses their own key, or issues one for somebody else.
    expectInvalid(await post({ api_key: user.key.replace(/.$/, 'x') }), 'body');
    expectInvalid(await post({ user_id: other.id }), 'body');
    expectInvalid(await post({ label: 'ok', digest: 'abc' }), 'body');
    expectInvalid(await post([]), 'body');
    expectInvalid(await post('"label"', { 'content-type': 'application/json' }), 'body');
    expectError(await post('{"label": ', { 'content-type': 'application/json' }), 400, 'validation_failed');
    expectError(await post('label=x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectError(
      await post(JSON.stringify({ label: 'x'.repeat(h.config.bodyLimitBytes) }), {
        'content-type': 'application/json',
      }),
      413,
      'payload_too_large',
    );
    expect((await keysOf(h, user.id)).length).toBe(before);
    expect((await keysOf(h, other.id)).length).toBe(1);

    let accepted = 0;
    for (const label of HOSTILE_STRINGS) {
      const res = await post({ label });
      if (label.includes('\u0000') || LONE_SURROGATE.test(label) || label.length > 200) {
        expectInvalid(res, 'body.label');
      } else {
        expect(res.statusCode, label.slice(0, 20)).toBe(201);
        expect(res.json().label).toBe(label);
        accepted += 1;
      }
    }
    expect((await keysOf(h, user.id)).length).toBe(before + accepted);
  });
});

describe('OpenAPI', () => {
  it('documents the key routes (the one-time link: GET and its POST, never HEAD)', async () => {
    const res = await h.request('GET', '/v1/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/v1/api-keys'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(paths['/v1/users/{userId}/api-keys']).toHaveProperty('get');
    expect(paths['/v1/api-keys/{id}/revoke']).toHaveProperty('post');
    expect(paths['/v1/users/{userId}/api-keys/reset']).toHaveProperty('post');
    expect(Object.keys(paths['/v1/api-keys/one-time/{token}'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});
