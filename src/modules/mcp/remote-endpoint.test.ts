import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { listening, textOf } from './mcp-test-client.ts';

/**
 * POST /mcp through the SDK's Streamable HTTP client: the tools with the context from headers or
 * arguments, the Bearer key (401 with WWW-Authenticate), and Host/Origin checks.
 */
const h = useHarness();
let base: string;
let writer: TestUser;
let ws: string;
let project: string;

beforeAll(async () => {
  base = await listening(h);
  writer = await h.user();
  ws = await h.workspace([[writer, 'member']]);
  project = await h.project(ws, [[writer, 'writer']]);
});

async function connect(headers: Record<string, string>) {
  const client = new Client({ name: 'remote-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

describe('POST /mcp', () => {
  it('lists the tools and runs them in the project the headers name', async () => {
    const client = await connect({
      ...writer.headers,
      'x-ctxhub-workspace': ws,
      'x-ctxhub-project': project,
    });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'context_bundle',
        'get_current_project',
        'list_projects',
        'recall',
        'remember',
        'search_raw',
        'set_project',
        'set_workspace',
        'tracker_read',
        'tracker_search',
        'unset_project_pin',
        'wiki_read',
        'wiki_search',
      ].sort(),
    );
    const stored = await client.callTool({
      name: 'remember',
      arguments: { type: 'decision', content: 'Remote clients send their project in X-Ctxhub-Project' },
    });
    expect(stored.isError, textOf(stored)).toBeFalsy();
    const recalled = await client.callTool({ name: 'recall', arguments: { q: 'X-Ctxhub-Project header' } });
    expect(recalled.isError, textOf(recalled)).toBeFalsy();
    expect((recalled.structuredContent as { items: unknown[] }).items).toHaveLength(1);
    expect(textOf(recalled)).toContain('Remote clients send their project');
    await client.close();
  });

  it('answers 401 with a Bearer challenge without a key, and the client cannot connect', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="ctxhub"');
    await expect(connect({})).rejects.toThrow();
  });

  it('refuses a foreign Origin and Host with 403', async () => {
    await expect(connect({ ...writer.headers, origin: 'http://evil.example.com' })).rejects.toThrow(
      /403|not allowed/,
    );
  });
});
