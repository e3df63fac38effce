import type { FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of every page the server sends (the Admin UI, the one-time link
 * pages): scripts and styles only from this origin (no inline script, ever), no plugins, no
 * framing, forms posting only here. `extraStyle` admits one inline stylesheet by its hash.
 */
export function pageCsp(extraStyle?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${extraStyle ? ` '${extraStyle}'` : ''}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The security headers of a page: its CSP, no framing, no referrer, no MIME sniffing. */
export function setPageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-security-policy', csp)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}
