import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { generateKey } from '../modules/api-keys/key-format.ts';
import { expectError } from './assertions.ts';
import type { Harness, TestUser } from './harness.ts';

export interface RouteCall {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  query?: Record<string, string>;
}

/** Missing, malformed, made-up and wrongly-schemed keys: every one is 401 `Invalid API key`. */
export async function expectKeyRequired(h: Harness, call: RouteCall): Promise<void> {
  const attempts: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer' },
    { authorization: 'Bearer not-a-key' },
    { authorization: `Bearer ${generateKey()}` },
    { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    { authorization: `Bearer ${h.admin.key.slice(0, -1)}${h.admin.key.endsWith('A') ? 'B' : 'A'}` },
  ];
  for (const headers of attempts) {
    const res = await h.request(call.method, call.url, { headers, body: call.body, query: call.query });
    const error = expectError(res, 401, 'unauthenticated');
    expect(error.message).toBe('Invalid API key');
  }
}

/** The caller is not in the workspace: the thing does not exist for them (404, never 403). */
export async function expectHiddenFrom(h: Harness, user: TestUser, call: RouteCall): Promise<void> {
  const res = await h.request(call.method, call.url, { as: user, body: call.body, query: call.query });
  expectError(res, 404, 'not_found');
}

/** The caller is in the workspace with too low a role: 403. */
export async function expectForbiddenFor(h: Harness, user: TestUser, call: RouteCall): Promise<void> {
  const res = await h.request(call.method, call.url, { as: user, body: call.body, query: call.query });
  expectError(res, 403, 'forbidden');
}
