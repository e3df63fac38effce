import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';

const h = useHarness();

interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
}
type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};

const fillPath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'userId' ? 'usr_01ABC' : name === 'id' ? 'key_01ABC' : name === 'key' ? 'acme' : 'x',
  );

describe('platform', () => {
  it('serves an OpenAPI 3.1 document of every route, generated from the route schemas', async () => {
    const res = await h.request('GET', '/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    for (const path of [
      '/v1/me',
      '/v1/users',
      '/v1/api-keys',
      '/v1/api-keys/{id}/revoke',
      '/v1/users/{userId}/api-keys',
      '/v1/users/{userId}/api-keys/reset',
      '/v1/api-keys/one-time/{token}',
      '/v1/workspaces',
      '/v1/workspaces/{key}',
      '/v1/workspaces/{key}/members',
      '/v1/workspaces/{key}/members/{userId}',
      '/v1/workspaces/{key}/projects',
      '/v1/projects/{key}',
      '/v1/projects/{key}/members',
      '/v1/projects/{key}/members/{userId}',
      '/v1/audit-logs',
      '/v1/audit/verify',
      '/v1/audit/access-timeline',
      '/healthz',
      '/readyz',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const createUser = doc.paths['/v1/users']!.post as unknown as { requestBody: unknown };
    expect(JSON.stringify(createUser.requestBody)).toContain('additionalProperties');
  });

  it('answers 401 without a key on every operation that is not public', async () => {
    const doc = (await h.request('GET', '/v1/openapi.json')).json() as OpenApi;
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (Array.isArray(op.security) && op.security.length === 0) continue;
        const res = await h.request(method.toUpperCase() as 'GET', fillPath(path), {
          body: method === 'get' ? undefined : {},
        });
        expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
          route: `${method} ${path}`,
          status: 401,
        });
        expect(res.json().error.message).toBe('Invalid API key');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers unknown routes with the envelope: 401 without a key, 404 with one', async () => {
    expectError(await h.request('GET', '/v1/nope'), 401, 'unauthenticated');
    const res = await h.request('GET', '/v1/nope?x=1', { as: h.admin });
    expect(expectError(res, 404, 'not_found').message).toBe('Route GET /v1/nope not found');
  });

  it('answers the OAuth discovery documents 404 without a key, and /mcp advertises none', async () => {
    const paths = [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/mcp',
      '/.well-known/openid-configuration',
    ];
    for (const path of paths) {
      for (const headers of [{}, { authorization: 'Bearer not-a-key' }, h.admin.headers]) {
        expectError(await h.request('GET', path, { headers }), 404, 'not_found');
      }
    }
    const mcp = await h.request('POST', '/mcp', {
      headers: { authorization: 'Bearer not-a-key', accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
    });
    expect(expectError(mcp, 401, 'unauthenticated').message).toBe('Invalid API key');
    expect(mcp.headers['www-authenticate']).toBe('Bearer realm="ctxhub", error="invalid_token"');
  });

  it('reports health and readiness without a key', async () => {
    expect((await h.request('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await h.request('GET', '/readyz')).json()).toEqual({ status: 'ok' });
    const down = await buildApp({
      db: h.database.db,
      config: h.config,
      logger: false,
      claims: h.database.claims,
      ping: () => Promise.reject(new Error('connection refused')),
    });
    const res = await down.inject({ method: 'GET', url: '/readyz' });
    expect(expectError(res, 500, 'internal').message).toBe('Database is not reachable');
    expect(JSON.stringify(res.json())).not.toContain('connection refused');
    await down.close();
  });

  it('treats an empty JSON body of a bodiless POST as no body', async () => {
    const res = await h.request('POST', '/v1/api-keys', {
      as: h.admin,
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(201);
  });
});
