import { notFound } from './errors.ts';
import type { App } from './types.ts';

/**
 * ctxhub authenticates with API keys, not OAuth. The discovery documents an MCP client probes for
 * after a 401 (`/.well-known/oauth-protected-resource`, `/.well-known/oauth-authorization-server`,
 * `/.well-known/openid-configuration`, also with a path suffix such as `/mcp`) answer 404 without
 * a key: behind the key, their 401 would read as "this server wants OAuth", and the client would
 * start an OAuth flow instead of reporting a wrong key.
 */
export function wellKnownRoutes(app: App): void {
  app.get('/.well-known/*', {
    config: { public: true },
    schema: { hide: true },
    handler: async (req) => {
      throw notFound(`Route GET ${req.url.split('?')[0]}`);
    },
  });
}
