import { contextOf, type AppDeps } from '../../../platform/http/request-context.ts';
import type { App } from '../../../platform/http/types.ts';
import { listIntegrations } from './list-integrations.ts';
import { putIntegration } from './put-integration.ts';
import { integrationAnswer, integrationList, integrationsQuery, putIntegrationBody } from './schemas.ts';

const tags = ['integrations'];

export function integrationRoutes(app: App, deps: AppDeps): void {
  app.put('/v1/integrations', {
    schema: {
      tags,
      summary:
        "Save a workspace's configuration of one provider (secrets kept when left out, cleared with null); workspace admin",
      body: putIntegrationBody,
      response: { 200: integrationAnswer },
    },
    handler: async (req) => putIntegration({ ctx: contextOf(deps, req), input: req.body }),
  });

  app.get('/v1/integrations', {
    schema: {
      tags,
      summary:
        'Every provider of a workspace as it applies (workspace or environment), without secrets; workspace admin',
      querystring: integrationsQuery,
      response: { 200: integrationList },
    },
    handler: async (req) => ({
      items: await listIntegrations({ ctx: contextOf(deps, req), input: req.query }),
      next_cursor: null,
    }),
  });
}
