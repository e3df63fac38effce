import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../platform/version.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { createGitRepo, type TempRepo } from '../cli-server.fixtures.ts';
import { clientRoots } from './client-roots.ts';
import { readGitContext } from './git-context.ts';
import { apiPortOf, succeeds } from '../../modules/mcp/mcp-tools.fixtures.ts';
import { call, textOf } from '../../modules/mcp/mcp-client.fixtures.ts';
import { createMcpServer } from '../../modules/mcp/tools/mcp-server.ts';
import { SessionContext } from './session-context.ts';

/**
 * The stdio adapter follows the client's first MCP root (the folder the assistant works in) when
 * the client offers roots, and its own working directory otherwise; a roots change is followed at
 * the next call.
 */
const h = useHarness();
let user: TestUser;
let ws: string;
let scratch: string;
let outside: string;
let api: TempRepo;
let web: TempRepo;

beforeAll(async () => {
  user = await h.user();
  ws = await h.workspace([[user, 'member']]);
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'ctxhub-roots-')));
  outside = join(scratch, 'not-a-repository');
  mkdirSync(outside);
  api = createGitRepo(scratch, h.uniq('api'), [], process.env.PATH ?? '');
  web = createGitRepo(scratch, h.uniq('web'), [], process.env.PATH ?? '');
  await h.project(ws, [[user, 'writer']], api.projectKey);
  await h.project(ws, [[user, 'writer']], web.projectKey);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** ctxhub mcp's wiring, over the in-memory transport; the client offers `roots` when given. */
async function adapter(roots?: { list: string[] }) {
  const followed = clientRoots(outside);
  const context = new SessionContext({
    api: apiPortOf(h, user),
    workspaceKey: ws,
    readGit: async () => readGitContext(await followed.directory()),
  });
  const server = createMcpServer({ api: apiPortOf(h, user), context, version, transport: 'stdio' });
  followed.attach(server, context);
  const client = new Client(
    { name: 't', version: '1' },
    roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.list.map((dir) => ({ uri: pathToFileURL(dir).href, name: dir })),
    }));
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  await client.connect(a);
  return client;
}

describe('MCP roots', () => {
  it("resolves the project of the client's first root, and follows a roots change at the next call", async () => {
    const roots = { list: [api.root, web.root] };
    const client = await adapter(roots);
    const first = await succeeds(client, 'recall');
    expect(first.structuredContent.context).toMatchObject({ project_key: api.projectKey });
    roots.list = [web.at('')];
    await client.sendRootsListChanged();
    const next = await succeeds(client, 'recall');
    expect(next.structuredContent.context).toMatchObject({
      project_key: web.projectKey,
      switched: { from: api.projectKey, to: web.projectKey },
    });
    await client.close();
  });

  it('uses its own working directory when the client offers no roots, or none on disk', async () => {
    for (const client of [await adapter(), await adapter({ list: [] })]) {
      const result = await call(client, 'recall');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/not in a git repository/);
      await client.close();
    }
  });
});
