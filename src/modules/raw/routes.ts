import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import {
  presentSnippet,
  rawMessageParams,
  rawMessageQuery,
  rawSearchAnswer,
  rawSearchQuery,
  rawSnippet,
} from './schemas.ts';
import { searchRaw } from './search-raw.ts';
import { viewRawMessage } from './view-raw-message.ts';

const tags = ['raw'];

export function rawRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/raw/search', {
    schema: {
      tags,
      summary:
        'Search imported transcripts; snippets only (project writer, or the workspace raw_access_min_role)',
      querystring: rawSearchQuery,
      response: { 200: rawSearchAnswer },
    },
    handler: async (req) => {
      const items = await searchRaw({ ctx: contextOf(deps, req), input: req.query });
      return { items: items.map((i) => presentSnippet(i.message, i.snippet)) };
    },
  });

  app.get('/v1/raw/messages/:id', {
    schema: {
      tags,
      summary: 'A snippet of one raw message (same role as raw search)',
      params: rawMessageParams,
      querystring: rawMessageQuery,
      response: { 200: rawSnippet },
    },
    handler: async (req) => {
      const r = await viewRawMessage({
        ctx: contextOf(deps, req),
        input: { ...req.query, id: req.params.id },
      });
      return presentSnippet(r.message, r.snippet);
    },
  });
}
