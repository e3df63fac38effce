import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { call, listening, textOf } from './mcp-client.fixtures.ts';

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
        'list_active_work',
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

  it('takes the project from tool arguments over headers, and says what to send when neither names one', async () => {
    const other = await h.project(ws, [[writer, 'writer']]);
    const client = await connect({
      ...writer.headers,
      'x-ctxhub-workspace': ws,
      'x-ctxhub-project': project,
    });
    const stored = await call(client, 'remember', {
      type: 'note',
      content: 'Arguments name the project for one call',
      project_key: other,
    });
    expect(stored.structuredContent).toMatchObject({ project_key: other, context: { project_key: other } });
    // The header's project belongs to the header's workspace: another workspace needs project_key.
    const elsewhere = await call(client, 'recall', { workspace_key: 'another-ws' });
    expect(elsewhere.isError).toBe(true);
    expect(textOf(elsewhere)).toMatch(/pass project_key with workspace_key another-ws/);
    await client.close();

    const bare = await connect(writer.headers);
    const noWorkspace = await call(bare, 'recall', {});
    expect(noWorkspace.isError).toBe(true);
    expect(textOf(noWorkspace)).toMatch(/X-Ctxhub-Workspace/);
    const noProject = await call(bare, 'recall', { workspace_key: ws });
    expect(textOf(noProject)).toMatch(/X-Ctxhub-Project/);
    const pinned = await call(bare, 'set_project', { project_key: project, workspace_key: ws });
    expect(pinned.structuredContent).toMatchObject({
      workspace_key: ws,
      project: { key: project },
      pinned: false,
      persistent: false,
    });
    expect(textOf(pinned)).toMatch(/keeps no session/);
    const current = await call(bare, 'get_current_project');
    expect(current.structuredContent).toMatchObject({ workspace_key: null, project: null, source: 'none' });
    await bare.close();
  });

  it("answers the bundle's cites as they are: the server has no working tree to check them in", async () => {
    const client = await connect({
      ...writer.headers,
      'x-ctxhub-workspace': ws,
      'x-ctxhub-project': project,
    });
    const cites = [{ path: 'src/nowhere/gone.ts', symbol: 'vanished' }, { path: 'no/such/folder' }];
    const stored = await call(client, 'remember', {
      type: 'constraint',
      content: 'Cited code lives where clients look for it',
      metadata: { cites },
    });
    expect(stored.isError, textOf(stored)).toBeFalsy();
    const id = stored.structuredContent!.id as string;
    const bundle = await call(client, 'context_bundle', {});
    expect(bundle.isError, textOf(bundle)).toBeFalsy();
    const items = (
      bundle.structuredContent as { snapshot: { top_constraints: Array<Record<string, unknown>> } }
    ).snapshot.top_constraints;
    const item = items.find((i) => i.id === id);
    expect(item).toMatchObject({ cites });
    expect(item).not.toHaveProperty('citations_missing');
    expect(textOf(bundle)).not.toContain('cited code missing');
    const memory = await h.request('GET', `/v1/memories/${id}`, { as: writer });
    expect(memory.json()).toMatchObject({ flags: [], version: 1 });
    await client.close();
  });

  it('remembers with occurred_at, and answers a malformed or future one as a tool error', async () => {
    const client = await connect({
      ...writer.headers,
      'x-ctxhub-workspace': ws,
      'x-ctxhub-project': project,
    });
    const stored = await call(client, 'remember', {
      type: 'decision',
      content: 'The remote endpoint was opened to assistants last spring',
      occurred_at: '2025-04-02T09:00:00-04:00',
    });
    expect(stored.isError, textOf(stored)).toBeFalsy();
    expect(stored.structuredContent).toMatchObject({ occurred_at: '2025-04-02T13:00:00.000Z' });
    const future = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    for (const [occurred_at, message] of [
      ['next week', /Invalid ISO datetime at occurred_at$/],
      [future, /^occurred_at: must not be in the future \(HTTP 400 [a-z_]+\)$/],
    ] as const) {
      const refused = await call(client, 'remember', {
        type: 'note',
        content: `Refused: ${occurred_at}`,
        occurred_at,
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(message);
    }
    const recalled = await call(client, 'recall', { q: 'Refused' });
    expect((recalled.structuredContent as { items: unknown[] }).items).toEqual([]);
    await client.close();
  });

  it('answers an outsider and a reader with the server refusal as a tool error', async () => {
    const outsider = await h.user();
    await h.workspace([[outsider, 'member']]);
    const reader = await h.user();
    await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: h.admin,
      body: { user_id: reader.id, role: 'member' },
    });
    await h.request('POST', `/v1/projects/${encodeURIComponent(project)}/members`, {
      as: h.admin,
      body: { workspace_key: ws, user_id: reader.id, role: 'reader' },
    });
    const headers = { 'x-ctxhub-workspace': ws, 'x-ctxhub-project': project };
    const asOutsider = await connect({ ...outsider.headers, ...headers });
    const hidden = await call(asOutsider, 'recall', { q: 'anything' });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toMatch(/not found.*HTTP 404/s);
    await asOutsider.close();
    const asReader = await connect({ ...reader.headers, ...headers });
    expect((await call(asReader, 'recall', {})).isError).toBeFalsy();
    const refused = await call(asReader, 'remember', { type: 'note', content: 'Readers cannot write' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/HTTP 403 forbidden/);
    await asReader.close();
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
