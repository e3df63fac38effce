import { timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Admin UI's session cookie. Over HTTPS it takes the `__Host-` prefix (the browser then
 * insists on Secure, Path=/ and no Domain); over plain HTTP (a local server) the plain name.
 * HttpOnly and SameSite=Strict always: no script reads it and no other site's page sends it.
 */
const SECURE_NAME = '__Host-ctxhub_session';
const PLAIN_NAME = 'ctxhub_session';
/** The header a cookie-authenticated write must carry, with the token `GET /v1/session` gives. */
export const CSRF_HEADER = 'x-csrf-token';
/** Longest cookie value read: a session token is 43 characters. */
const MAX_TOKEN_LENGTH = 128;

export function readSessionCookie(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || !header.includes('ctxhub_session')) return undefined;
  const cookies = parse(header);
  const token = cookies[SECURE_NAME] ?? cookies[PLAIN_NAME];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

const secure = (req: FastifyRequest) => req.protocol === 'https';

export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
): void {
  reply.header(
    'set-cookie',
    serialize(secure(req) ? SECURE_NAME : PLAIN_NAME, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(req),
      path: '/',
      maxAge: Math.floor(maxAgeMs / 1000),
    }),
  );
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    serialize(secure(req) ? SECURE_NAME : PLAIN_NAME, '', {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(req),
      path: '/',
      maxAge: 0,
    }),
  );
}

/** True when the request carries the session's CSRF token (compared in constant time). */
export function hasCsrfToken(req: FastifyRequest, expected: string): boolean {
  const sent = req.headers[CSRF_HEADER];
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Methods that change nothing: no CSRF token needed. */
export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
