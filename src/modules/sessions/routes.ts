import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/http/session-cookie.ts';
import type { App } from '../../platform/http/types.ts';
import { presentSession, sessionAnswer, signInBody } from './schemas.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';

const tags = ['sessions'];
const FORM = 'application/x-www-form-urlencoded';
/** A sign-in form carries one key: anything longer is not one. */
const FORM_LIMIT_BYTES = 4096;

/**
 * The Admin UI's own routes: sign in (an API key for a session cookie), the session itself (who,
 * its CSRF token, when it ends) and sign-out. Every other UI call uses the ordinary `/v1` routes.
 */
export function sessionRoutes(app: App, deps: AppDeps): void {
  // Sign-in also takes an HTML form (the one-time link page's "sign in with this key"), so this
  // route, alone, parses form bodies: in its own scope, so that no other route does.
  void app.register(async (scope: App) => {
    scope.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post('/v1/session', {
      config: { public: true },
      schema: {
        tags,
        security: [],
        summary:
          'Sign in to the Admin UI: exchange an API key for a session cookie (JSON, or a form: then 303 to /admin/)',
        body: signInBody,
        response: { 201: sessionAnswer },
      },
      handler: async (req, reply) => {
        refuseCrossSite(req);
        const signed = await signIn({ ctx: contextOf(deps, req), input: req.body });
        setSessionCookie(req, reply, signed.token, deps.config.uiSession.maxMs);
        if (isForm(req)) return reply.redirect('/admin/', 303);
        return reply.code(201).send(presentSession(signed.actor, signed.session));
      },
    });
  });

  app.get('/v1/session', {
    schema: {
      tags,
      summary: 'The Admin UI session this request signed in with: its user, CSRF token and when it ends',
      response: { 200: sessionAnswer },
    },
    handler: (req) => {
      const session = req.uiSession;
      if (!session || req.actor.kind !== 'user')
        throw notFound('Sign-in session (this request used an API key)');
      return presentSession(req.actor, session);
    },
  });

  app.delete('/v1/session', {
    schema: { tags, summary: 'Sign out: end this session and clear its cookie' },
    handler: async (req, reply) => {
      const session = req.uiSession;
      if (!session) throw notFound('Sign-in session (this request used an API key)');
      await signOut({ ctx: contextOf(deps, req), input: { session_id: session.id } });
      clearSessionCookie(req, reply);
      return reply.code(204).send();
    },
  });
}

const isForm = (req: FastifyRequest) => (req.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);

/**
 * A page on another site must not sign the browser in (login CSRF: the victim would then work in
 * the attacker's account). Browsers say where a request comes from in `Sec-Fetch-Site` (trusted
 * first: a page under `Referrer-Policy: no-referrer` sends `Origin: null` even to its own site),
 * older ones in `Origin`; a client that is not a browser sends neither and is not at risk.
 */
function refuseCrossSite(req: FastifyRequest): void {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw forbidden('Sign-in from another site is refused');
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !sameHost(origin, req.host))
    throw forbidden('Sign-in from another site is refused');
}

/**
 * Whether a browser's Origin names this server's host (and port, default ports left out). The
 * scheme is not compared: behind a TLS proxy the server may see plain HTTP.
 */
function sameHost(origin: string, host: string): boolean {
  try {
    const page = new URL(origin);
    return page.host === new URL(`${page.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
