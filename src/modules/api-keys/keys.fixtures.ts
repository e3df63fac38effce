/** Constants, shapes and calls shared by the API-key route tests. Every call takes the file's harness. */

import { expect } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import type { Harness, TestUser } from '../../test/harness.ts';
import { keyDigest } from './key-format.ts';

export interface KeyMeta {
  id: string;
  label: string | null;
  prefix: string | null;
  status: 'active' | 'pending' | 'revoked' | 'expired';
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
}

interface AuditEntry {
  id: string;
  workspace_key: string | null;
  action: string;
  target: { type: string; id: string | null; params: Record<string, unknown> };
  actor: { user_id: string | null; system: string | null };
}

export const METADATA_FIELDS = [
  'created_at',
  'expires_at',
  'id',
  'label',
  'last_used_at',
  'prefix',
  'revoked_at',
  'status',
].sort();

export const KEY_SHAPE = /^ctxh_[0-9A-Za-z]{38}$/;

/** Ids that identify something in a path but are not ours: wrong shape, traversal, hostile text. */
export const BAD_PATH_IDS = [
  'abc',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%3B%20DROP%20TABLE%20api_keys%3B--',
  'x'.repeat(65),
];

export const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
export const digestOf = (h: Harness, plaintext: string) => keyDigest(h.config.secrets.apiKeyHash, plaintext);
export const pathOf = (oneTimeUrl: string) => new URL(oneTimeUrl).pathname;

type Users<N extends number, Made extends TestUser[] = []> = Made['length'] extends N
  ? Made
  : Users<N, [...Made, TestUser]>;

/** `count` fresh users, each with a key of their own. */
export function newUsers<N extends number>(h: Harness, count: N): Promise<Users<N>> {
  return Promise.all(Array.from({ length: count }, () => h.user())) as Promise<Users<N>>;
}

export async function createKey(
  h: Harness,
  user: TestUser | { headers: Record<string, string> },
  body?: unknown,
) {
  const res = await h.request('POST', '/v1/api-keys', { as: user, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as KeyMeta & { api_key: string };
}

/** A user's keys as the server admin sees them (so the listing itself never uses the user's key). */
export async function keysOf(h: Harness, userId: string): Promise<KeyMeta[]> {
  const res = await h.request('GET', `/v1/users/${userId}/api-keys`, {
    as: h.admin,
    query: { limit: '200' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as KeyMeta[];
}

export async function auditLog(
  h: Harness,
  query: Record<string, string>,
  as: TestUser = h.admin,
): Promise<AuditEntry[]> {
  const res = await h.request('GET', '/v1/audit-logs', { as, query: { limit: '200', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as AuditEntry[];
}

export async function expectKeyWorks(h: Harness, key: string, userId: string): Promise<void> {
  const res = await h.request('GET', '/v1/me', bearer(key));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user.id).toBe(userId);
}

export async function expectKeyRejected(h: Harness, key: string): Promise<void> {
  const error = expectError(await h.request('GET', '/v1/me', bearer(key)), 401, 'unauthenticated');
  expect(error.message).toBe('Invalid API key');
}

export async function reset(
  h: Harness,
  as: TestUser,
  userId: string,
): Promise<{ one_time_url: string; expires_at: string }> {
  const res = await h.request('POST', `/v1/users/${userId}/api-keys/reset`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const view = (h: Harness, oneTimeUrl: string, headers: Record<string, string> = {}) =>
  h.request('GET', pathOf(oneTimeUrl), { headers });
