import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectKeyRequired } from '../../test/security-matrix.ts';

/**
 * POST /mcp as plain HTTP: the key, Host and Origin checks, the context headers, and bad input.
 * Every refusal is a clear 4xx and stores nothing.
 */
const h = useHarness();
let writer: TestUser;
let ws: string;
let project: string;

const ACCEPT = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const rememberCall = (content: unknown) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'remember', arguments: { type: 'decision', content } },
});

const post = (body: unknown, headers: Record<string, string> = {}, as: TestUser | undefined = writer) =>
  h.request('POST', '/mcp', {
    ...(as ? { as } : {}),
    headers: { ...ACCEPT, 'x-ctxhub-workspace': ws, 'x-ctxhub-project': project, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function memoryCount(): Promise<number> {
  const res = await h.request('GET', '/v1/memories', {
    as: writer,
    query: { workspace_key: ws, project_key: project, limit: '200' },
  });
  return (res.json() as { items: unknown[] }).items.length;
}

beforeAll(async () => {
  writer = await h.user();
  ws = await h.workspace([[writer, 'member']]);
  project = await h.project(ws, [[writer, 'writer']]);
});

describe('POST /mcp security', () => {
  it('needs a valid key: 401 with a Bearer challenge, invalid_token when a key was presented', async () => {
    await expectKeyRequired(h, { method: 'POST', url: '/mcp', body: initialize });
    const none = await h.request('POST', '/mcp', { headers: ACCEPT, body: JSON.stringify(initialize) });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="ctxhub"');
    const bad = await h.request('POST', '/mcp', {
      headers: { ...ACCEPT, authorization: 'Bearer nope' },
      body: JSON.stringify(initialize),
    });
    expect(bad.headers['www-authenticate']).toBe('Bearer realm="ctxhub", error="invalid_token"');
  });

  it('refuses a foreign Host or Origin with 403, and accepts loopback ones', async () => {
    const refused: Array<Record<string, string>> = [
      { host: 'evil.example.com' },
      { origin: 'http://evil.example.com' },
      { origin: 'null' },
      { host: 'evil.example.com', origin: 'http://evil.example.com' },
      { host: 'evil.example.com@localhost' },
      { host: 'localhost/evil' },
    ];
    for (const headers of refused) {
      const res = await post(initialize, headers);
      expect(expectError(res, 403, 'forbidden').message).toMatch(/not allowed here/);
    }
    const accepted: Array<Record<string, string>> = [
      { host: '127.0.0.1:8080', origin: 'http://localhost:6274' },
      { host: '[::1]:80' },
    ];
    for (const headers of accepted) {
      expect((await post(initialize, headers)).statusCode).toBe(200);
    }
  });

  it('answers the CORS preflight of an allowed browser origin, and refuses other origins', async () => {
    const preflight = await h.request('OPTIONS', '/mcp', {
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:6274',
      'access-control-allow-methods': 'POST',
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-ctxhub-project');
    const foreign = await h.request('OPTIONS', '/mcp', { headers: { origin: 'https://evil.example.com' } });
    expectError(foreign, 403, 'forbidden');
    const answered = await post(initialize, { origin: 'http://localhost:6274' });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['access-control-allow-origin']).toBe('http://localhost:6274');
    expect(answered.headers['x-request-id']).toBeDefined();
  });

  it('answers 405 to GET and DELETE: the endpoint is stateless', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await h.request(method, '/mcp', { as: writer });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });
});

describe('POST /mcp bad input', () => {
  it('rejects malformed context headers with 400 naming the header', async () => {
    for (const [name, value] of [
      ['x-ctxhub-workspace', 'Not A Key'],
      ['x-ctxhub-project', 'no-host-kind'],
      ['x-ctxhub-project', 'codehost:acme/../etc'],
    ] as const) {
      const error = expectError(await post(rememberCall('x'), { [name]: value }), 400, 'validation_failed');
      expect(error.message).toContain(`headers.${name}`);
    }
  });

  it('rejects bodies that are not JSON-RPC over JSON, too large, or hold unstorable text; nothing is stored', async () => {
    const before = await memoryCount();
    expectError(await post('{not json'), 400, 'validation_failed');
    expectError(await post('x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectError(await post(rememberCall('a'.repeat(h.config.bodyLimitBytes + 10))), 413, 'payload_too_large');
    expectError(await post(rememberCall('nul \u0000 inside')), 400, 'validation_failed');
    const notRpc = await post({ hello: 'world' });
    expect(notRpc.statusCode).toBeGreaterThanOrEqual(400);
    expect(notRpc.statusCode).toBeLessThan(500);
    const batch = await post([rememberCall('one'), rememberCall('two')]);
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32600, message: /Batches are not supported/ },
    });
    const noAccept = await post(initialize, { accept: 'application/json' });
    expect(noAccept.statusCode).toBe(406);
    expect(await memoryCount()).toBe(before);
  });

  it('answers a tool call with bad arguments as a tool error, storing nothing', async () => {
    const before = await memoryCount();
    for (const content of [42, '', 'x'.repeat(9000)]) {
      const res = await post(rememberCall(content));
      expect(res.statusCode).toBe(200);
      const result = (res.json() as { result: { isError: boolean; content: Array<{ text: string }> } })
        .result;
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toMatch(/content/);
    }
    expect(await memoryCount()).toBe(before);
  });
});
