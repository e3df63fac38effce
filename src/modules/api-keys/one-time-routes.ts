// The request's accepts() comes from @fastify/accepts, registered by app.ts.
import type {} from '@fastify/accepts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { setPageHeaders } from '../../platform/http/page-headers.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { checkOneTimeLink } from './check-one-time-link.ts';
import {
  ONE_TIME_PAGE_CSP,
  renderConfirmPage,
  renderLinkErrorPage,
  renderRevealPage,
} from './reveal-page.ts';
import { revealedKey, tokenParams } from './schemas.ts';
import { viewOneTimeLink } from './view-one-time-link.ts';

const tags = ['api-keys'];

/**
 * Link previews (chat unfurlers, mail scanners, search crawlers) fetch a link as soon as it is
 * posted; they never get the key. Their user agents name themselves; the rest prefer HTML.
 */
const LINK_PREVIEWER =
  /bot\b|bot\/|crawler|spider|preview|facebookexternalhit|whatsapp|slack|discord|telegram|skypeuri|teams|embedly|iframely|mattermost|outlook|proofpoint|mimecast|barracuda/i;

const prefersHtml = (req: FastifyRequest) =>
  req.accepts().type(['application/json', 'text/html']) === 'text/html';
const isLinkPreview = (req: FastifyRequest) => LINK_PREVIEWER.test(req.headers['user-agent'] ?? '');

/**
 * One-time links: `GET` with JSON reveals the key (API clients, scripts); a browser's `GET` (or
 * any link preview's) gets a page with a button that `POST`s to the same address, which reveals
 * it. Either way only once: 410 afterwards.
 */
export function oneTimeLinkRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/api-keys/one-time/:token', {
    // Fastify would answer HEAD by running this handler: a link checker's HEAD would use the link up.
    exposeHeadRoute: false,
    config: { public: true },
    schema: {
      tags,
      security: [],
      summary:
        'Reveal a key once as JSON; a browser or a link preview (text/html) gets a page whose button reveals it (POST); 410 afterwards',
      params: tokenParams,
      response: { 200: revealedKey },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (prefersHtml(req) || isLinkPreview(req)) {
        return htmlOrErrorPage(reply, async () => {
          const { expiresAt } = await checkOneTimeLink({ ctx: contextOf(deps, req), input: req.params });
          return renderConfirmPage(expiresAt);
        });
      }
      return reveal(deps, req, req.params.token);
    },
  });

  // The reveal button is a plain HTML form (the page runs no script): this route alone also
  // takes its empty form body, in its own scope.
  void app.register(async (scope: App) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );
    scope.post('/v1/api-keys/one-time/:token', {
      config: { public: true },
      schema: {
        tags,
        security: [],
        summary:
          "Reveal a key once (the one-time page's button): JSON, or the page with the key for text/html; 410 afterwards",
        params: tokenParams,
        response: { 200: revealedKey },
      },
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (prefersHtml(req))
          return htmlOrErrorPage(reply, async () =>
            renderRevealPage(await reveal(deps, req, req.params.token)),
          );
        return reveal(deps, req, req.params.token);
      },
    });
  });
}

async function reveal(deps: AppDeps, req: FastifyRequest, token: string) {
  const { key, plaintext } = await viewOneTimeLink({ ctx: contextOf(deps, req), input: { token } });
  return {
    id: key.id,
    api_key: plaintext,
    label: key.label,
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
}

/** A page for a person: the page `render` makes, or the refusal (404, 410) as a page with its status. */
async function htmlOrErrorPage(reply: FastifyReply, render: () => Promise<string>): Promise<FastifyReply> {
  let status = 200;
  let html: string;
  try {
    html = await render();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    status = err.status;
    html = renderLinkErrorPage(err.message);
  }
  // The page bypasses the JSON schema on purpose: the same answer, rendered for a person.
  return setPageHeaders(reply, ONE_TIME_PAGE_CSP)
    .code(status)
    .type('text/html; charset=utf-8')
    .serializer(String)
    .send(html as never);
}
