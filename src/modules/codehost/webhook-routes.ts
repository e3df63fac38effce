import { z } from 'zod';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { receiveWebhook } from './receive-webhook.ts';

/** GitHub caps a delivery at 25 MB; an installation with thousands of repositories sends large ones. */
const WEBHOOK_BODY_LIMIT = 25 * 1024 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `POST /v1/webhooks/codehost`: the code host's deliveries. Its own scope reads the JSON body as
 * text, so the signature is checked over exactly the bytes that were signed.
 */
export function codehostWebhookRoutes(app: App, deps: AppDeps): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post('/v1/webhooks/codehost', {
      config: { public: true },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['codehost'],
        security: [],
        summary:
          "The code host's webhook deliveries (signed with X-Hub-Signature-256); handled in the background, answered 202",
        response: { 202: z.object({ status: z.enum(['queued', 'duplicate', 'ignored']) }) },
      },
      handler: async (req, reply) => {
        const answer = await receiveWebhook({
          ctx: contextOf(deps, req),
          input: {
            signature: header(req.headers['x-hub-signature-256']),
            deliveryId: header(req.headers['x-github-delivery']),
            event: header(req.headers['x-github-event']),
            rawBody: typeof req.body === 'string' ? req.body : '',
          },
        });
        return reply.status(202).send(answer);
      },
    });
  });
}
