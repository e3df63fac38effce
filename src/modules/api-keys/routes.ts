import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { createApiKey } from './create-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { resetUserApiKeys } from './reset-user-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';
import {
  createdKey,
  createKeyBody,
  keyIdParams,
  keyList,
  keyMetadata,
  listKeysQuery,
  noOptionsBody,
  presentKey,
  resetAnswer,
  userParams,
} from './schemas.ts';

const tags = ['api-keys'];

export function apiKeyRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/api-keys', {
    schema: {
      tags,
      summary: 'Create an API key for yourself (the plaintext is returned only here)',
      body: createKeyBody,
      response: { 201: createdKey },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(deps, req);
      const { key, plaintext } = await createApiKey({ ctx, input: req.body ?? {} });
      return reply.code(201).send({ ...presentKey(key, ctx.now()), api_key: plaintext });
    },
  });

  app.get('/v1/api-keys', {
    schema: {
      tags,
      summary: 'Your own keys (metadata, never plaintext)',
      querystring: listKeysQuery,
      response: { 200: keyList },
    },
    handler: async (req) => {
      const ctx = contextOf(deps, req);
      const result = await listApiKeys({ ctx, input: req.query });
      return presentPage(result, (k) => presentKey(k, ctx.now()));
    },
  });

  app.get('/v1/users/:userId/api-keys', {
    schema: {
      tags,
      summary: "A user's keys (metadata); the user themselves or an admin",
      params: userParams,
      querystring: listKeysQuery,
      response: { 200: keyList },
    },
    handler: async (req) => {
      const ctx = contextOf(deps, req);
      const result = await listApiKeys({ ctx, input: { ...req.query, user_id: req.params.userId } });
      return presentPage(result, (k) => presentKey(k, ctx.now()));
    },
  });

  app.post('/v1/api-keys/:id/revoke', {
    schema: {
      tags,
      summary: 'Revoke a key; its owner or an admin',
      params: keyIdParams,
      body: noOptionsBody,
      response: { 200: keyMetadata },
    },
    handler: async (req) => {
      const ctx = contextOf(deps, req);
      return presentKey(await revokeApiKey({ ctx, input: req.params }), ctx.now());
    },
  });

  app.post('/v1/users/:userId/api-keys/reset', {
    schema: {
      tags,
      summary: "Revoke all of a user's keys and issue one new key behind a one-time link; admin",
      params: userParams,
      body: noOptionsBody,
      response: { 200: resetAnswer },
    },
    handler: async (req) => {
      const issued = await resetUserApiKeys({
        ctx: contextOf(deps, req),
        input: { user_id: req.params.userId },
      });
      return { one_time_url: issued.url, expires_at: issued.expiresAt.toISOString() };
    },
  });
}
