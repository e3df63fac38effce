import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserActor } from '../context.ts';
import { forbidden, sessionEnded, unauthenticated } from './errors.ts';
import type { InternalCalls } from './internal-calls.ts';
import type { RateLimits } from './rate-limit.ts';
import {
  CSRF_HEADER,
  clearSessionCookie,
  hasCsrfToken,
  isSafeMethod,
  readSessionCookie,
} from './session-cookie.ts';
import type { App, UiSession } from './types.ts';

export type Authenticator = (presentedKey: string) => Promise<UserActor | null>;

export type SessionAuthenticator = (
  token: string,
) => Promise<{ actor: UserActor; session: UiSession } | null>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every route needs `Authorization: Bearer <key>` unless it is marked public; `/v1` routes also
 * take the Admin UI's session cookie instead, and then every write must carry the session's CSRF
 * token. Calls with a valid key or session count against that key's rate limit; all others
 * (public routes, failed authentication) against the client IP's. A call the app injected for an
 * already charged caller is not charged again.
 */
export function installAuth(
  app: App,
  authenticators: { key: Authenticator; session: SessionAuthenticator },
  limits: RateLimits,
  internalCalls: InternalCalls,
): void {
  app.decorateRequest('actor', undefined as never);
  app.decorateRequest('uiSession', undefined);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', req.id);
    const config = req.routeOptions.config;
    if (config?.public) {
      req.actor = { kind: 'anonymous' };
      if (!config.unlimited) await limits.consumeIp(req.ip);
      return;
    }
    const header = req.headers.authorization;
    const cookie = header === undefined && req.url.startsWith('/v1/') ? readSessionCookie(req) : undefined;
    let actor: UserActor | null;
    if (cookie !== undefined) {
      const found = await authenticators.session(cookie);
      if (!found) {
        await limits.consumeIp(req.ip);
        clearSessionCookie(req, reply);
        throw sessionEnded();
      }
      if (!isSafeMethod(req.method) && !hasCsrfToken(req, found.session.csrfToken)) {
        await limits.consumeIp(req.ip);
        throw forbidden(
          `A write signed in by session cookie needs its CSRF token in the ${CSRF_HEADER} header (GET /v1/session gives it)`,
        );
      }
      actor = found.actor;
      req.uiSession = found.session;
    } else {
      const presented = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
      actor = presented ? await authenticators.key(presented) : null;
      if (!actor) {
        await limits.consumeIp(req.ip);
        throw unauthenticated(presented !== undefined);
      }
    }
    if (!internalCalls.isInternal(req)) {
      const budget = await limits.consumeKey(actor.apiKeyId ?? actor.userId);
      reply.header('x-ratelimit-remaining', budget.remainingPoints);
    }
    req.actor = actor;
  });
}
