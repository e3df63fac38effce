import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../cli/api-client.ts';
import { useHarness, type TestUser } from '../../../test/harness.ts';
import { apiPortOver } from '../../../cli/session/client-session.ts';
import { fails, headerClient, sessionClient, succeeds } from '../mcp-tools.fixtures.ts';
import { call, inMemoryClient, textOf } from '../mcp-client.fixtures.ts';
import { SessionContext } from '../../../cli/session/session-context.ts';

/**
 * The tool list, and the context tools (set_workspace, set_project, unset_project_pin,
 * get_current_project, list_projects) over a real MCP client, on the stdio session and on the
 * remote endpoint's header context, against the real API.
 */
const h = useHarness();
let member: TestUser;
let ws: string;
let otherWs: string;
const API = 'codehost:acme/api';
const WEB = 'codehost:acme/web';
const HIDDEN = 'codehost:acme/hidden';
const git = { remote: 'git@github.com:acme/api.git', rootSlug: 'api' };

beforeAll(async () => {
  member = await h.user();
  ws = await h.workspace([[member, 'member']]);
  await h.project(ws, [[member, 'writer']], API);
  await h.project(ws, [[member, 'reader']], WEB);
  await h.project(ws, [], HIDDEN);
  otherWs = await h.workspace([[await h.user(), 'owner']]);
  // The member is in two workspaces: a session started without one asks which.
  await h.workspace([[member, 'member']]);
});

const TOOLS = {
  set_workspace: { readOnly: false, openWorld: false },
  set_project: { readOnly: false, openWorld: false },
  unset_project_pin: { readOnly: false, openWorld: false },
  get_current_project: { readOnly: true, openWorld: false },
  list_projects: { readOnly: true, openWorld: false },
  remember: { readOnly: false, openWorld: false },
  recall: { readOnly: true, openWorld: false },
  search_raw: { readOnly: true, openWorld: false },
  context_bundle: { readOnly: true, openWorld: false },
  list_active_work: { readOnly: true, openWorld: false },
  tracker_search: { readOnly: true, openWorld: true },
  tracker_read: { readOnly: true, openWorld: true },
  wiki_search: { readOnly: true, openWorld: true },
  wiki_read: { readOnly: true, openWorld: true },
};

type JsonSchema = { type?: string; properties?: Record<string, { description?: string }> };

describe('tools/list', () => {
  it('lists the 14 tools, each described, with described input properties, an output schema and hints', async () => {
    const { client } = await sessionClient(h, member, { workspaceKey: ws, git });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(TOOLS).sort());
    for (const tool of tools) {
      const expected = TOOLS[tool.name as keyof typeof TOOLS];
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
      expect(tool.title, tool.name).toBeTruthy();
      const input = tool.inputSchema as JsonSchema;
      expect(input.type).toBe('object');
      for (const [name, property] of Object.entries(input.properties ?? {})) {
        expect(property.description, `${tool.name}.${name}`).toBeTruthy();
      }
      const output = tool.outputSchema as JsonSchema | undefined;
      expect(output?.type, tool.name).toBe('object');
      expect(Object.keys(output?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      expect(tool.annotations, tool.name).toEqual({
        readOnlyHint: expected.readOnly,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: expected.openWorld,
      });
    }
    const byName = Object.fromEntries(
      tools.map((t) => [t.name, t.inputSchema as JsonSchema & { required?: string[] }]),
    );
    expect(byName.remember!.required?.sort()).toEqual(['content', 'type']);
    expect(byName.set_project!.required).toEqual(['project_key']);
    expect(Object.keys(byName.get_current_project!.properties ?? {})).toEqual([]);
  });
});

describe('context tools on the stdio session', () => {
  it('shows the resolved project, pins one with set_project and releases it with unset_project_pin', async () => {
    const { client } = await sessionClient(h, member, { workspaceKey: ws, git });
    const current = await succeeds(client, 'get_current_project');
    expect(current.structuredContent).toMatchObject({
      workspace_key: ws,
      project: { key: API, name: 'api' },
      subpath: null,
      pinned: false,
      source: 'resolved',
      persistent: true,
    });
    expect(textOf(current)).toContain(`Workspace: ${ws}\nProject: ${API} (api)`);
    expect(textOf(current)).toContain(`Note: Now on ${API}: resolved from codehost_remote.`);

    const pinned = await succeeds(client, 'set_project', { project_key: WEB });
    expect(pinned.structuredContent).toMatchObject({
      project: { key: WEB },
      pinned: true,
      source: 'pinned',
      persistent: true,
    });
    expect(textOf(pinned)).toContain(`Project: ${WEB} (web) [pinned]`);
    expect((await succeeds(client, 'get_current_project')).structuredContent).toMatchObject({
      project: { key: WEB },
      pinned: true,
    });

    const released = await succeeds(client, 'unset_project_pin', {});
    expect(released.structuredContent).toMatchObject({
      project: { key: API },
      pinned: false,
      source: 'resolved',
    });
    expect(textOf(released)).not.toContain('[pinned]');
  });

  it('starts from a workspace named by set_workspace, and answers none without one', async () => {
    const { client } = await sessionClient(h, member, { git });
    const none = await succeeds(client, 'get_current_project');
    expect(none.structuredContent).toMatchObject({ workspace_key: null, project: null, source: 'none' });
    expect(textOf(none)).toContain('Workspace: (none)\nProject: (none)');
    const set = await succeeds(client, 'set_workspace', { workspace_key: ws });
    expect(set.structuredContent).toMatchObject({ workspace_key: ws, project: { key: API }, pinned: false });
    const elsewhere = await succeeds(client, 'set_project', { project_key: WEB, workspace_key: ws });
    expect(elsewhere.structuredContent).toMatchObject({
      workspace_key: ws,
      project: { key: WEB },
      pinned: true,
    });
  });

  it('lists the projects the user can read with the role, page by page', async () => {
    const { client } = await sessionClient(h, member, { workspaceKey: ws });
    const all = await succeeds(client, 'list_projects');
    const items = all.structuredContent.items as Array<{ key: string; role: string }>;
    expect(items.map((p) => [p.key, p.role]).sort()).toEqual([
      [API, 'writer'],
      [WEB, 'reader'],
    ]);
    expect(textOf(all)).toMatch(new RegExp(`^2 projects in ${ws}:`));
    expect(textOf(all)).toContain(`- ${WEB}: web (reader)`);
    expect(textOf(all)).not.toContain(HIDDEN);

    const first = await succeeds(client, 'list_projects', { limit: 1 });
    const cursor = first.structuredContent.next_cursor as string;
    expect(textOf(first)).toContain(`More: call again with cursor ${cursor}`);
    const second = await succeeds(client, 'list_projects', { limit: 1, cursor, workspace_key: ws });
    expect((second.structuredContent.items as unknown[]).length).toBe(1);
    expect(second.structuredContent.items).not.toEqual(first.structuredContent.items);
  });
});

describe('context tools on the remote endpoint', () => {
  it('reads the context from the headers and keeps nothing, saying which headers to send', async () => {
    const client = await headerClient(h, member, { workspace: ws, project: API });
    expect((await succeeds(client, 'get_current_project')).structuredContent).toEqual({
      workspace_key: ws,
      project: { key: API, name: 'api' },
      subpath: null,
      pinned: false,
      source: 'headers',
      persistent: false,
    });
    const workspace = await succeeds(client, 'set_workspace', { workspace_key: ws });
    expect(workspace.structuredContent).toMatchObject({
      source: 'arguments',
      persistent: false,
      pinned: false,
    });
    expect(workspace.structuredContent.notice).toContain(`send X-Ctxhub-Workspace: ${ws}`);
    const project = await succeeds(client, 'set_project', { project_key: WEB });
    expect(project.structuredContent).toMatchObject({
      project: { key: WEB },
      pinned: false,
      persistent: false,
    });
    expect(textOf(project)).toContain(`X-Ctxhub-Project: ${WEB}`);
    // Nothing persisted: the headers still name the project.
    expect((await succeeds(client, 'get_current_project')).structuredContent.project).toMatchObject({
      key: API,
    });
    const unpinned = await succeeds(client, 'unset_project_pin');
    expect(unpinned.structuredContent.notice).toMatch(/^Nothing is pinned\..*X-Ctxhub-\* headers/);

    const bare = await headerClient(h, member);
    expect((await succeeds(bare, 'get_current_project')).structuredContent).toMatchObject({
      workspace_key: null,
      source: 'none',
      persistent: false,
    });
    expect(await fails(bare, 'list_projects')).toMatch(/No workspace: .*X-Ctxhub-Workspace/);
    expect(
      (await succeeds(bare, 'list_projects', { workspace_key: ws })).structuredContent.items,
    ).toHaveLength(2);
  });
});

describe('context tools with bad input', () => {
  it('answers a tool error for wrong types, missing or malformed arguments and out-of-range limits', async () => {
    const { client, calls } = await sessionClient(h, member, { workspaceKey: ws });
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['set_workspace', {}, /workspace_key/],
      ['set_workspace', { workspace_key: 42 }, /workspace_key/],
      ['set_workspace', { workspace_key: 'Not A Key' }, /lower-case/],
      ['set_workspace', { workspace_key: 'x\u0000y' }, /workspace_key/],
      ['set_project', {}, /project_key/],
      ['set_project', { project_key: 'not-a-key' }, /host_kind/],
      ['set_project', { project_key: `codehost:acme/${'x'.repeat(400)}` }, /project_key/],
      ['set_project', { project_key: 'codehost:acme/../etc' }, /project_key/],
      ['set_project', { project_key: API, workspace_key: ['acme'] }, /workspace_key/],
      ['list_projects', { limit: 0 }, /limit/],
      ['list_projects', { limit: 201 }, /limit/],
      ['list_projects', { limit: 2.5 }, /limit/],
      ['list_projects', { limit: '10' }, /limit/],
      ['list_projects', { cursor: 'c'.repeat(201) }, /cursor/],
    ];
    for (const [tool, args, message] of cases) {
      expect(await fails(client, tool, args), `${tool} ${JSON.stringify(args).slice(0, 80)}`).toMatch(
        message,
      );
    }
    expect(calls).toEqual([]);
    // A cursor this server never issued passes the schema and is refused by the API.
    expect(await fails(client, 'list_projects', { cursor: 'garbage' })).toMatch(
      /cursor.*\(HTTP 400 validation_failed\)/s,
    );
    // Tools without arguments ignore unknown ones.
    const ignored = await call(client, 'get_current_project', { surprise: '\u0000' });
    expect(ignored.isError, textOf(ignored)).toBeFalsy();
  });
});

describe('context tools meeting server errors', () => {
  it('answers the API’s 404 for another workspace or a project the user cannot see', async () => {
    const { client } = await sessionClient(h, member, { workspaceKey: ws, git });
    expect(await fails(client, 'set_workspace', { workspace_key: otherWs })).toMatch(
      /\(HTTP 404 not_found\)$/,
    );
    expect(await fails(client, 'set_project', { project_key: HIDDEN })).toMatch(/\(HTTP 404 not_found\)$/);
    expect(await fails(client, 'set_project', { project_key: API, workspace_key: otherWs })).toMatch(
      /HTTP 404/,
    );
    expect(await fails(client, 'list_projects', { workspace_key: otherWs })).toMatch(/HTTP 404 not_found/);
    // The failed calls changed nothing.
    expect((await succeeds(client, 'get_current_project')).structuredContent).toMatchObject({
      workspace_key: ws,
      project: { key: API },
      pinned: false,
    });
    const remote = await headerClient(h, member, { workspace: ws, project: HIDDEN });
    expect(await fails(remote, 'get_current_project')).toMatch(/HTTP 404 not_found/);
    expect(await fails(remote, 'unset_project_pin')).toMatch(/HTTP 404 not_found/);
  });

  it('says how to configure a workspace when none is set', async () => {
    const { client } = await sessionClient(h, member, { git });
    expect(await fails(client, 'list_projects')).toMatch(/SERVICE_WORKSPACE_KEY.*set_workspace/);
    expect(await fails(client, 'set_project', { project_key: API })).toMatch(/SERVICE_WORKSPACE_KEY/);
  });

  it('reports a server that cannot be reached as a tool error', async () => {
    // The stdio adapter's own HTTP client, pointed at a port where nothing listens.
    const http = new ApiClient({ serviceUrl: 'http://127.0.0.1:1', apiKey: member.key }, 5000);
    const down = apiPortOver(http);
    const context = new SessionContext({ api: down, workspaceKey: ws, readGit: async () => git });
    const client = await inMemoryClient(down, context, 'stdio');
    expect(await fails(client, 'list_projects')).toMatch(
      /Cannot reach the ctxhub server at http:\/\/127\.0\.0\.1:1/,
    );
    expect((await succeeds(client, 'get_current_project')).structuredContent.notice).toMatch(/Cannot reach/);
  });
});
