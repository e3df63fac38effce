import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../context.ts';

/** The Admin UI session a request signed in with (its cookie), as the auth hook found it. */
export interface UiSession {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  idleExpiresAt: Date;
}

/** The Fastify instance every module registers its routes on (zod schemas type the handlers). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** Set when the request signed in with the Admin UI's session cookie (not an API key). */
    uiSession: UiSession | undefined;
  }
  interface FastifyContextConfig {
    /** No API key needed (health, OpenAPI, one-time links). */
    public?: boolean;
    /** Exempt from rate limiting (health probes). */
    unlimited?: boolean;
  }
}
