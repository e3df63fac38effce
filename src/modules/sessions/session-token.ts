import { createHmac, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, base64url (43 characters). Only the browser keeps it. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

const hmac = (secret: string, purpose: string, token: string) =>
  createHmac('sha256', secret).update(`${purpose}\0${token}`).digest('base64url');

/** What the database stores of a token: its HMAC with the server's key-hashing secret. */
export const sessionDigest = (secret: string, token: string) => hmac(secret, 'ui-session', token);

/**
 * The session's CSRF token, derived from its token: nothing more to store, the same for the
 * session's whole life, and unknown to anyone who does not hold the cookie.
 */
export const csrfTokenOf = (secret: string, token: string) => hmac(secret, 'ui-csrf', token);
