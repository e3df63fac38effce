import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './types.ts';

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export async function installOpenApi(app: App, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ctxhub',
        version,
        description:
          'Shared, governed project memory for coding assistants. Errors use one envelope: ' +
          '`{ "error": { "code", "message", "request_id", "details" } }`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'ctxh_ API key' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
