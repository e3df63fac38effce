import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-ctxhub-internal-call';

/**
 * Requests a route injects into its own app for a caller it has already charged (the tool calls
 * of the MCP endpoint): they authenticate with the caller's key as usual but do not count against
 * its rate limit a second time. The mark is a random token of this app that never leaves the
 * process, so no client can send it.
 */
export class InternalCalls {
  private readonly token = randomBytes(32);

  /** The header an injected request carries. */
  headers(): Record<string, string> {
    return { [HEADER]: this.token.toString('base64url') };
  }

  isInternal(req: FastifyRequest): boolean {
    const given = req.headers[HEADER];
    if (typeof given !== 'string') return false;
    const presented = Buffer.from(given, 'base64url');
    return presented.length === this.token.length && timingSafeEqual(presented, this.token);
  }
}
