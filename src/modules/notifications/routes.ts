import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { workspaceKey } from '../../platform/http/fields.ts';
import { z } from 'zod';
import { listDeliveries } from './list-deliveries.ts';
import { retryDelivery } from './retry-delivery.ts';
import {
  deliveriesQuery,
  deliveryAnswer,
  deliveryList,
  deliveryParams,
  retryDeliveryBody,
} from './schemas.ts';

const tags = ['notifications'];

export function notificationRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/workspaces/:key/deliveries', {
    schema: {
      tags,
      summary: "A workspace's chat deliveries, newest first, with their progress; workspace admin",
      params: z.strictObject({ key: workspaceKey }),
      querystring: deliveriesQuery,
      response: { 200: deliveryList },
    },
    handler: async (req) =>
      presentPage(
        await listDeliveries({ ctx: contextOf(deps, req), input: { ...req.params, ...req.query } }),
        (d) => d,
      ),
  });

  app.post('/v1/workspaces/:key/deliveries/:id/retry', {
    schema: {
      tags,
      summary: 'Send a failed delivery again now, with a new round of attempts; workspace admin',
      params: deliveryParams,
      body: retryDeliveryBody,
      response: { 200: deliveryAnswer },
    },
    handler: async (req) =>
      retryDelivery({ ctx: contextOf(deps, req), input: { ...req.params, reason: req.body?.reason } }),
  });
}
