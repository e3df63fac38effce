import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { buildBundle } from './build-bundle.ts';
import { renderMarkdown } from './render-markdown.ts';
import { bundleAnswer, bundleQuery } from './schemas.ts';

const tags = ['context'];

export function contextRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/context/bundle', {
    schema: {
      tags,
      summary: "A project's context bundle for prompt injection, within a token budget; project reader",
      description: 'format=markdown answers the same bundle as text/markdown.',
      querystring: bundleQuery,
      response: { 200: bundleAnswer },
    },
    handler: async (req, reply) => {
      const { format, ...input } = req.query;
      const bundle = await buildBundle({ ctx: contextOf(deps, req), input });
      if (format === 'json') return bundle;
      // Markdown bypasses the JSON schema on purpose: the same bundle, rendered for a prompt.
      return reply
        .type('text/markdown; charset=utf-8')
        .serializer(String)
        .send(renderMarkdown(bundle) as never);
    },
  });
}
