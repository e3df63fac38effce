import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** An answer as tests read it: injected, or read off a socket (raw-http.ts). */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'> & { json(): unknown };

/** Asserts the error envelope (docs/api.md#errors, with the `x-request-id` header it names) and returns its `error` object. */
export function expectError(res: Answer, status: number, code: string) {
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status });
  const body = res.json() as {
    error: { code: string; message: string; request_id: string; details?: unknown };
  };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
  return body.error;
}

/** A validation error naming the given field path. */
export function expectInvalid(res: Answer, path: string) {
  const error = expectError(res, 400, 'validation_failed');
  const paths = (error.details as Array<{ path: string }>).map((d) => d.path);
  expect(paths).toContain(path);
  return error;
}

/** Hostile strings every text input is tried with. */
export const HOSTILE_STRINGS = [
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000nul',
  'x'.repeat(10_000),
  '${jndi:ldap://x}',
  '😀'.repeat(50),
  'lone \ud800 surrogate',
];

/** Text the server refuses to store (NUL, unpaired UTF-16 surrogates): always a 400 naming the field. */
export const unstorable = (s: string) =>
  s.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
