import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { createUser } from './create-user.ts';
import { getMe } from './get-me.ts';
import { listUsers } from './list-users.ts';
import { setCodehostLogin } from './set-codehost-login.ts';
import {
  createUserBody,
  listUsersQuery,
  meAnswer,
  presentUser,
  updateUserBody,
  userAnswer,
  userList,
  userParams,
} from './schemas.ts';

const tags = ['users'];

export function userRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/me', {
    schema: { tags, summary: 'The calling user and their workspaces', response: { 200: meAnswer } },
    handler: (req) => getMe({ ctx: contextOf(deps, req) }),
  });

  app.post('/v1/users', {
    schema: {
      tags,
      summary: 'Create a user; server admin',
      body: createUserBody,
      response: { 201: userAnswer },
    },
    handler: async (req, reply) =>
      reply.code(201).send(presentUser(await createUser({ ctx: contextOf(deps, req), input: req.body }))),
  });

  app.get('/v1/users', {
    schema: {
      tags,
      summary: 'List users; server admin',
      querystring: listUsersQuery,
      response: { 200: userList },
    },
    handler: async (req) => {
      const result = await listUsers({ ctx: contextOf(deps, req), input: req.query });
      return presentPage(result, presentUser);
    },
  });

  app.patch('/v1/users/:userId', {
    schema: {
      tags,
      summary:
        "Set a user's code host login (null clears it); the user, a server admin, or an admin of a workspace where they hold a lower role",
      params: userParams,
      body: updateUserBody,
      response: { 200: userAnswer },
    },
    handler: async (req) =>
      presentUser(
        await setCodehostLogin({
          ctx: contextOf(deps, req),
          input: { user_id: req.params.userId, codehost_login: req.body.codehost_login },
        }),
      ),
  });
}
