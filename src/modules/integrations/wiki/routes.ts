import { contextOf, type AppDeps } from '../../../platform/http/request-context.ts';
import type { App } from '../../../platform/http/types.ts';
import { readWikiPage } from './read-wiki-page.ts';
import { wikiReadAnswer, wikiReadQuery, wikiSearchAnswer, wikiSearchQuery } from './schemas.ts';
import { searchWiki } from './search-wiki.ts';

const tags = ['wiki'];

export function wikiRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/wiki/search', {
    schema: {
      tags,
      summary: "Search the workspace's wiki pages; member",
      querystring: wikiSearchQuery,
      response: { 200: wikiSearchAnswer },
    },
    handler: async (req) => ({ items: await searchWiki({ ctx: contextOf(deps, req), input: req.query }) }),
  });

  app.get('/v1/wiki/read', {
    schema: {
      tags,
      summary: 'Read one wiki page (by id or URL) as plain text; member',
      querystring: wikiReadQuery,
      response: { 200: wikiReadAnswer },
    },
    handler: async (req) => readWikiPage({ ctx: contextOf(deps, req), input: req.query }),
  });
}
