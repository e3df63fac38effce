import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, textOf, untypedSchemas } from '../modules/mcp/mcp-client.fixtures.ts';
import {
  createGitRepo,
  gitIn,
  startCliTestServer,
  unique,
  worktreeEntries,
  type CliTestServer,
  type TempRepo,
} from './cli-server.fixtures.ts';
import { contextOf, stdioMcpClients } from './stdio-mcp-clients.fixtures.ts';

/**
 * `ctxhub mcp` with little configured, as a new user starts it: in a folder where only `git init`
 * ran (no remote), without SERVICE_WORKSPACE_KEY, and listed by a client that checks every schema has
 * a type. A real server process, the SDK's stdio client.
 */
const PATH = process.env.PATH ?? '';
const WS = unique('mcp-plain');
const WS_AUTO = unique('mcp-auto');

let server: CliTestServer;
let clients: ReturnType<typeof stdioMcpClients>;
let app: TempRepo;
let local: TempRepo;
let localStatus: string;
let localEntries: string[];
const mcp = (cwd: string, env: Record<string, string>) => clients.open(cwd, env);

beforeAll(async () => {
  server = await startCliTestServer('ctxhub-cli-mcp-defaults-', process.env);
  clients = stdioMcpClients(server, PATH);
  app = createGitRepo(server.scratch, unique('app'), [], PATH);
  local = createGitRepo(server.scratch, unique('local'), ['src/lib'], PATH, { origin: false });
  localStatus = gitIn(local.root, PATH)('status', '--porcelain', '--untracked-files=all');
  localEntries = worktreeEntries(local.root);
  await server.workspace(WS);
  await server.workspace(WS_AUTO, { auto_create_project: true });
}, 120_000);

afterAll(async () => {
  await clients?.closeAll();
  await server?.stop();
});

describe('ctxhub mcp with little configured', () => {
  it('in a git init folder without a remote, resolves local:repo/<folder> (auto_create_project)', async () => {
    const s = await mcp(local.at('src/lib'), { SERVICE_WORKSPACE_KEY: WS_AUTO });
    const stored = await call(s.client, 'remember', { type: 'note', content: 'Local tools need no remote.' });
    expect(contextOf(stored)).toEqual({
      workspace_key: WS_AUTO,
      project_key: local.projectKey,
      subpath: null,
      switched: {
        from: null,
        to: local.projectKey,
        reason: 'resolved from repo_root_slug (project created: auto_create_project)',
      },
    });
    const current = await call(s.client, 'get_current_project');
    expect(current.structuredContent).toMatchObject({
      workspace_key: WS_AUTO,
      project: { key: local.projectKey, name: local.projectKey.slice('local:repo/'.length) },
      source: 'resolved',
    });
    // Without auto_create_project the folder's project is not made, and the adapter says what to do.
    const off = await mcp(local.root, { SERVICE_WORKSPACE_KEY: WS });
    const refused = await call(off.client, 'recall');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^A project of workspace .* not found\. Call set_project/);
  }, 60_000);

  it("without SERVICE_WORKSPACE_KEY, works in the user's only workspace and says so", async () => {
    const solo = await server.user();
    const soloWorkspace = unique('mcp-solo');
    await server.workspace(soloWorkspace, {}, solo);
    await server.api('POST', `/v1/workspaces/${soloWorkspace}/projects`, { key: app.projectKey });
    await server.api(
      'POST',
      `/v1/projects/${encodeURIComponent(app.projectKey)}/members?workspace_key=${soloWorkspace}`,
      { user_id: solo.id, role: 'writer' },
    );
    const s = await mcp(app.root, { SERVICE_API_KEY: solo.key });
    const current = await call(s.client, 'get_current_project');
    expect(current.structuredContent).toMatchObject({
      workspace_key: soloWorkspace,
      project: { key: app.projectKey },
      notice: `Workspace ${soloWorkspace}: the only workspace you belong to (SERVICE_WORKSPACE_KEY is not set). Now on ${app.projectKey}: resolved from codehost_remote.`,
    });
    expect(contextOf(await call(s.client, 'recall'))).toMatchObject({
      workspace_key: soloWorkspace,
      project_key: app.projectKey,
    });
  }, 60_000);

  it('lists tools whose every schema carries a type, worded for the working directory', async () => {
    const s = await mcp(local.root, { SERVICE_WORKSPACE_KEY: WS });
    const { tools } = await s.client.listTools();
    expect(tools).toHaveLength(14);
    expect(tools.flatMap(untypedSchemas)).toEqual([]);
    expect(tools.find((t) => t.name === 'get_current_project')!.description).toContain('working directory');
  }, 60_000);

  it('wrote nothing into the folder, and only protocol messages to stdout', async () => {
    await clients.closeAll();
    expect(clients.unreadable).toEqual([]);
    expect(gitIn(local.root, PATH)('status', '--porcelain', '--untracked-files=all')).toBe(localStatus);
    expect(worktreeEntries(local.root)).toEqual(localEntries);
  }, 60_000);
});
