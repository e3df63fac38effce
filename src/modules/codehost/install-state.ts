/**
 * The `state` of an install link: which workspace and which admin asked, a nonce and an expiry,
 * signed with HMAC-SHA256 (`<payload>.<signature>`, both base64url). The code host hands it back
 * to the callback unchanged; the callback checks the signature in constant time, then the expiry,
 * then (in the database) that the nonce was never used.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { gone, invalidField } from '../../platform/http/errors.ts';

/** How long an install link works: long enough to choose repositories at the code host. */
export const STATE_TTL_MS = 10 * 60_000;

const statePayload = z.object({
  w: z.string().min(1),
  u: z.string().min(1),
  n: z.string().min(16),
  e: z.number().int().positive(),
});

export interface InstallState {
  workspaceId: string;
  userId: string;
  nonce: string;
  expiresAt: Date;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signState(secret: string, state: Omit<InstallState, 'nonce'>): string {
  const payload = Buffer.from(
    JSON.stringify({
      w: state.workspaceId,
      u: state.userId,
      n: randomBytes(18).toString('base64url'),
      e: state.expiresAt.getTime(),
    }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

const tampered = () => invalidField('query.state', 'is not an install state this server signed');

/** The state a callback brought, checked: a 400 when it is not ours or altered, a 410 when expired. */
export function verifyState(secret: string, state: string, now: Date): InstallState {
  const [payload, signature, ...rest] = state.split('.');
  if (!payload || !signature || rest.length > 0) throw tampered();
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw tampered();
  let parsed: z.infer<typeof statePayload>;
  try {
    parsed = statePayload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw tampered();
  }
  if (parsed.e <= now.getTime()) {
    throw gone('This install link has expired (they work for 10 minutes); ask for a new one');
  }
  return { workspaceId: parsed.w, userId: parsed.u, nonce: parsed.n, expiresAt: new Date(parsed.e) };
}
