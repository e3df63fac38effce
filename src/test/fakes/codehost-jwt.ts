import { verify, type KeyObject } from 'node:crypto';

// The checks GitHub makes on a GitHub App's JWT (RS256, signed with the App's private key): the
// signature, `iss` the App id, `iat` at most 60 s ahead, `exp` in the future and at most ten
// minutes (plus 60 s of drift) after `iat`. Each failure carries GitHub's message.

export const JWT_UNDECODABLE = 'A JSON web token could not be decoded';
const JWT_BAD_EXP =
  "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires";
const JWT_EXP_TOO_FAR = "'Expiration time' claim ('exp') is too far in the future";
const JWT_BAD_IAT =
  "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued";
const JWT_BAD_ISS = "'Issuer' claim ('iss') must be an Integer";

const CLOCK_DRIFT_S = 60;
const MAX_LIFETIME_S = 600 + CLOCK_DRIFT_S;

/** Why GitHub would refuse this JWT for the App, or null when it is good. */
export function checkAppJwt(jwt: string, appId: number, key: KeyObject, nowSeconds: number): string | null {
  const parts = jwt.split('.');
  if (parts.length !== 3) return JWT_UNDECODABLE;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  if (!header || !payload || header.alg !== 'RS256') return JWT_UNDECODABLE;
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  if (!verify('RSA-SHA256', signed, key, Buffer.from(signaturePart, 'base64url'))) return JWT_UNDECODABLE;
  return checkClaims(payload, appId, nowSeconds);
}

function checkClaims(payload: Record<string, unknown>, appId: number, now: number): string | null {
  const iss = payload.iss;
  if (typeof iss === 'string' ? !/^\d+$/.test(iss) : !Number.isInteger(iss)) return JWT_BAD_ISS;
  if (Number(iss) !== appId) return JWT_UNDECODABLE;
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || !Number.isFinite(iat) || iat > now + CLOCK_DRIFT_S) return JWT_BAD_IAT;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return JWT_BAD_EXP;
  if (exp - iat > MAX_LIFETIME_S) return JWT_EXP_TOO_FAR;
  return null;
}

/** A base64url JSON object, or undefined when the part is anything else. */
function decodeJson(part: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
