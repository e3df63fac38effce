import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-time link tokens: `<payload>.<signature>`, both base64url; the payload names the link row and
 * its expiry, the signature is HMAC-SHA256 with SERVICE_ONE_TIME_TOKEN_SECRET. Single use is kept in
 * the database (the link row's `consumed_at`).
 */
interface Payload {
  lid: string;
  exp: number;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signOneTimeToken(secret: string, linkId: string, expiresAt: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ lid: linkId, exp: expiresAt.getTime() } satisfies Payload),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The link the token names, or undefined when the token is malformed or its signature is wrong. */
export function readOneTimeToken(
  secret: string,
  token: string,
): { linkId: string; expiresAt: Date } | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
    if (typeof parsed.lid !== 'string' || typeof parsed.exp !== 'number') return undefined;
    return { linkId: parsed.lid, expiresAt: new Date(parsed.exp) };
  } catch {
    return undefined;
  }
}
