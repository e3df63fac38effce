import { z } from 'zod';
import { workspaceKey } from '../../../platform/http/fields.ts';
import { contextOf, type AppDeps } from '../../../platform/http/request-context.ts';
import type { App } from '../../../platform/http/types.ts';
import { getModelUsage } from './get-model-usage.ts';
import { modelUsageAnswer } from './schemas.ts';

export function modelRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/workspaces/:key/model-usage', {
    schema: {
      tags: ['integrations'],
      summary:
        "A workspace's language model calls and tokens (this hour, 24 hours, 30 days, by day) and its hourly cap; workspace admin",
      params: z.strictObject({ key: workspaceKey }),
      response: { 200: modelUsageAnswer },
    },
    handler: async (req) => getModelUsage({ ctx: contextOf(deps, req), input: req.params }),
  });
}
