import { contextOf, type AppDeps } from '../../../platform/http/request-context.ts';
import type { App } from '../../../platform/http/types.ts';
import { readTrackerIssue } from './read-tracker-issue.ts';
import { trackerReadAnswer, trackerReadQuery, trackerSearchAnswer, trackerSearchQuery } from './schemas.ts';
import { searchTracker } from './search-tracker.ts';

const tags = ['tracker'];

export function trackerRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/tracker/search', {
    schema: {
      tags,
      summary: "Search the workspace's issue tracker (newest updates first); member",
      querystring: trackerSearchQuery,
      response: { 200: trackerSearchAnswer },
    },
    handler: async (req) => ({ items: await searchTracker({ ctx: contextOf(deps, req), input: req.query }) }),
  });

  app.get('/v1/tracker/read', {
    schema: {
      tags,
      summary: 'Read one issue as plain text: fields, description and recent comments; member',
      querystring: trackerReadQuery,
      response: { 200: trackerReadAnswer },
    },
    handler: async (req) => readTrackerIssue({ ctx: contextOf(deps, req), input: req.query }),
  });
}
