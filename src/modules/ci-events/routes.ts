import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { recordCiEvent } from './record-ci-event.ts';
import { ciEventAnswer, ciEventBody } from './schemas.ts';

export function ciEventRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/ci-events', {
    schema: {
      tags: ['audit'],
      summary:
        "Record a CI run's result (audit ci.success or ci.failure, forwarded to chat by the workspace's rules); workspace member, or the project's writer",
      body: ciEventBody,
      response: { 201: ciEventAnswer },
    },
    handler: async (req, reply) =>
      reply.code(201).send(await recordCiEvent({ ctx: contextOf(deps, req), input: req.body })),
  });
}
