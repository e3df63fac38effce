import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { recordGitEvent } from './record-git-event.ts';
import { gitEventAnswer, gitEventBody } from './schemas.ts';

export function gitEventRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/git-events', {
    schema: {
      tags: ['active-work'],
      summary:
        "Record a commit or merge (the git hook sends them): Active Work evidence, audited git.commit / git.merge when the workspace's tracker or wiki has write_on_commit / write_on_merge on; the project's writer",
      body: gitEventBody,
      response: { 201: gitEventAnswer, 200: gitEventAnswer },
    },
    handler: async (req, reply) => {
      const { created, answer } = await recordGitEvent({ ctx: contextOf(deps, req), input: req.body });
      return reply.code(created ? 201 : 200).send(answer);
    },
  });
}
