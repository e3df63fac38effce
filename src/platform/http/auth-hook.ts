import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserActor } from '../context.ts';
import { unauthenticated } from './errors.ts';
import type { InternalCalls } from './internal-calls.ts';
import type { RateLimits } from './rate-limit.ts';
import type { App } from './types.ts';

export type Authenticator = (presentedKey: string) => Promise<UserActor | null>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every route needs `Authorization: Bearer <key>` unless it is marked public. Calls with a valid
 * key count against that key's rate limit; all others (public routes, failed authentication)
 * against the client IP's. A call the app injected for an already charged caller is not charged again.
 */
export function installAuth(
  app: App,
  authenticate: Authenticator,
  limits: RateLimits,
  internalCalls: InternalCalls,
): void {
  app.decorateRequest('actor', undefined as never);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', req.id);
    const config = req.routeOptions.config;
    if (config?.public) {
      req.actor = { kind: 'anonymous' };
      if (!config.unlimited) await limits.consumeIp(req.ip);
      return;
    }
    const header = req.headers.authorization;
    const presented = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    const actor = presented ? await authenticate(presented) : null;
    if (!actor) {
      await limits.consumeIp(req.ip);
      throw unauthenticated(presented !== undefined);
    }
    if (!internalCalls.isInternal(req)) {
      const budget = await limits.consumeKey(actor.apiKeyId ?? actor.userId);
      reply.header('x-ratelimit-remaining', budget.remainingPoints);
    }
    req.actor = actor;
  });
}
