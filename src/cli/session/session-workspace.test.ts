import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api-client.ts';
import { apiPortOver } from './client-session.ts';
import { useHarness } from '../../test/harness.ts';
import type { ApiPort } from '../../modules/mcp/tools/api-port.ts';
import { call, textOf } from '../../modules/mcp/mcp-client.fixtures.ts';
import {
  apiPortOf,
  recordingPort,
  resolutions,
  sessionClient,
  succeeds,
} from '../../modules/mcp/mcp-tools.fixtures.ts';
import { NoWorkspaceError } from './only-workspace.ts';
import { SessionContext } from './session-context.ts';

/**
 * The stdio adapter's session started without SERVICE_WORKSPACE_KEY: the caller's only workspace
 * is used (GET /v1/me asked once) and the state says so; with several or none it asks for
 * set_workspace, listing them.
 */
const h = useHarness();

const inRepo = { remote: 'git@github.com:acme/api.git', rootSlug: 'api' };
const API = 'codehost:acme/api';
const meCalls = (calls: Array<{ path: string }>) => calls.filter((c) => c.path === '/v1/me');

describe('SessionContext without a configured workspace', () => {
  it("uses the caller's only workspace, asks GET /v1/me once, and says so in the state", async () => {
    const user = await h.user();
    const ws = await h.workspace([[user, 'member']]);
    await h.project(ws, [[user, 'writer']], API);
    const { client, calls } = await sessionClient(h, user, { git: inRepo });

    const stored = await succeeds(client, 'remember', { type: 'note', content: 'One workspace is enough.' });
    expect(stored.structuredContent.context).toMatchObject({ workspace_key: ws, project_key: API });
    const state = await succeeds(client, 'get_current_project');
    expect(state.structuredContent).toMatchObject({
      workspace_key: ws,
      project: { key: API },
      source: 'resolved',
      notice: `Workspace ${ws}: the only workspace you belong to (SERVICE_WORKSPACE_KEY is not set).`,
    });
    expect(textOf(state)).toContain(`Note: Workspace ${ws}: the only workspace you belong to`);
    await succeeds(client, 'recall');
    await succeeds(client, 'list_projects');
    expect(meCalls(calls)).toHaveLength(1);
    expect(resolutions(calls)[0]!.body).toMatchObject({ workspace_key: ws });
  });

  it('set_project without a workspace pins a project of the only workspace', async () => {
    const user = await h.user();
    const ws = await h.workspace([[user, 'member']]);
    await h.project(ws, [[user, 'reader']], 'codehost:acme/docs');
    const { client } = await sessionClient(h, user, { git: null });
    const pinned = await succeeds(client, 'set_project', { project_key: 'codehost:acme/docs' });
    expect(pinned.structuredContent).toMatchObject({
      workspace_key: ws,
      project: { key: 'codehost:acme/docs' },
      pinned: true,
    });
    // Chosen by name, the workspace is no longer "the only one".
    const chosen = await succeeds(client, 'set_workspace', { workspace_key: ws });
    expect(chosen.structuredContent.notice ?? '').not.toContain('only workspace');
  });

  it('with several workspaces, asks for set_workspace listing them, then works in the one set', async () => {
    const user = await h.user();
    const [first, second] = [await h.workspace([[user, 'member']]), await h.workspace([[user, 'admin']])];
    await h.project(second, [[user, 'writer']], API);
    const { client, calls } = await sessionClient(h, user, { git: inRepo });

    const refused = await call(client, 'recall');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      `No workspace: set SERVICE_WORKSPACE_KEY in the MCP server configuration, or call set_workspace with one of your workspaces: ${[first, second].sort().join(', ')}.`,
    );
    const state = await succeeds(client, 'get_current_project');
    expect(state.structuredContent).toMatchObject({ workspace_key: null, project: null, source: 'none' });
    expect(state.structuredContent.notice).toContain(`call set_workspace with one of your workspaces: `);

    const set = await succeeds(client, 'set_workspace', { workspace_key: second });
    expect(set.structuredContent).toMatchObject({ workspace_key: second, project: { key: API } });
    expect(set.structuredContent.notice).not.toContain('only workspace');
    expect((await succeeds(client, 'recall')).structuredContent.context).toMatchObject({
      workspace_key: second,
      project_key: API,
    });
    expect(meCalls(calls)).toHaveLength(1);
  });

  it('with no workspace at all, says so', async () => {
    const user = await h.user();
    const context = new SessionContext({ api: apiPortOf(h, user), readGit: async () => inRepo });
    const refused = context.project({});
    await expect(refused).rejects.toBeInstanceOf(NoWorkspaceError);
    await expect(refused).rejects.toThrow(/^No workspace: you belong to no ctxhub workspace yet;/);
    expect(await context.current()).toMatchObject({
      workspace_key: null,
      notice: expect.stringMatching(/you belong to no ctxhub workspace yet/),
    });
  });

  it('asks again after the server could not be reached', async () => {
    const user = await h.user();
    const ws = await h.workspace([[user, 'member']]);
    await h.project(ws, [[user, 'writer']], API);
    const unreachable = apiPortOver(
      new ApiClient({ serviceUrl: 'http://127.0.0.1:1', apiKey: user.key }, 5000),
    );
    let port = unreachable;
    const switchable: ApiPort = {
      get: (p, a, q) => port.get(p, a, q),
      post: (p, b, a) => port.post(p, b, a),
    };
    const { api, calls } = recordingPort(switchable);
    const context = new SessionContext({ api, readGit: async () => inRepo });
    await expect(context.project({})).rejects.toThrow(/Cannot reach the ctxhub server/);
    port = apiPortOf(h, user);
    expect(await context.project({})).toMatchObject({ workspace_key: ws, project_key: API });
    expect(meCalls(calls)).toHaveLength(2);
  });
});
