import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, textOf } from '../modules/mcp/mcp-client.fixtures.ts';
import { version } from '../platform/version.ts';
import { waitFor } from '../test/server-process.ts';
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
 * `ctxhub mcp` as an assistant runs it: a process on stdio (the SDK's StdioClientTransport) in a
 * folder of a git repository, against a real server process. The project follows the working
 * directory (remote, sub-path), the pin and the workspace's auto-switch settings.
 */
const PATH = process.env.PATH ?? '';
const WS = unique('mcp-main');
const WS_AUTO = unique('mcp-auto');
const WS_MONO = unique('mcp-mono');
const WS_LEVEL1 = unique('mcp-level1');

let server: CliTestServer;
let app: TempRepo;
let other: TempRepo;
let fresh: TempRepo;
let mono: TempRepo;
const repos: Array<{ repo: TempRepo; entries: string[] }> = [];

let clients: ReturnType<typeof stdioMcpClients>;
const mcp = (cwd: string, env: Record<string, string>) => clients.open(cwd, env);

beforeAll(async () => {
  server = await startCliTestServer('ctxhub-cli-mcp-', process.env);
  clients = stdioMcpClients(server, PATH);
  app = createGitRepo(server.scratch, unique('app'), ['packages/web/src'], PATH);
  other = createGitRepo(server.scratch, unique('other'), [], PATH);
  fresh = createGitRepo(server.scratch, unique('fresh'), [], PATH);
  mono = createGitRepo(
    server.scratch,
    unique('mono'),
    ['packages/web/src', 'packages/api', 'docs/guide'],
    PATH,
  );
  for (const repo of [app, other, fresh, mono]) repos.push({ repo, entries: worktreeEntries(repo.root) });

  await server.workspace(WS);
  await server.project(WS, app.projectKey);
  await server.project(WS, other.projectKey);
  await server.workspace(WS_AUTO, { auto_create_project: true });
  await server.workspace(WS_MONO, { enable_monorepo_resolution: true, monorepo_detection_level: 2 });
  await server.project(WS_MONO, mono.projectKey);
  await server.project(WS_MONO, `${mono.projectKey}#packages/web`);
  await server.workspace(WS_LEVEL1, { enable_monorepo_resolution: true, monorepo_detection_level: 1 });
  await server.project(WS_LEVEL1, mono.projectKey);
  await server.project(WS_LEVEL1, `${mono.projectKey}#docs`);
}, 120_000);

afterAll(async () => {
  await clients?.closeAll();
  await server?.stop();
});

describe('ctxhub mcp', () => {
  it('serves the tools on stdio: stdout carries only the protocol, the start-up line goes to stderr', async () => {
    const s = await mcp(app.root, { SERVICE_WORKSPACE_KEY: WS });
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['remember', 'recall', 'search_raw', 'context_bundle', 'unset_project_pin']),
    );
    const line = await waitFor(() => (s.stderr().includes('\n') ? s.stderr() : undefined));
    expect(line).toBe(`ctxhub mcp ${version}: serving on stdio for ${server.baseUrl}, workspace ${WS}\n`);
    const current = await call(s.client, 'get_current_project');
    expect(current.structuredContent).toMatchObject({ project: { key: app.projectKey }, source: 'resolved' });
    expect(s.errors).toEqual([]);
  }, 60_000);

  it("recall and remember run in the repository's project and report its selection", async () => {
    const s = await mcp(app.at('packages/web/src'), { SERVICE_WORKSPACE_KEY: WS });
    const first = await call(s.client, 'recall', { q: 'invoice locking' });
    expect(contextOf(first)).toEqual({
      workspace_key: WS,
      project_key: app.projectKey,
      subpath: null,
      switched: { from: null, to: app.projectKey, reason: 'resolved from codehost_remote' },
    });
    expect(textOf(first)).toMatch(
      new RegExp(`^Project: ${app.projectKey} \\(resolved from codehost_remote\\)\\.\\n0 memories from `),
    );

    const stored = await call(s.client, 'remember', {
      type: 'decision',
      content: 'Invoice jobs take an advisory lock before they run.',
    });
    expect(contextOf(stored)).toEqual({ workspace_key: WS, project_key: app.projectKey, subpath: null });
    expect(textOf(stored)).toMatch(/^Remembered mem_\w+ \(decision, draft\) in /);
    const id = stored.structuredContent!.id as string;
    const read = await server.api('GET', `/v1/memories/${id}?workspace_key=${WS}`);
    expect(read.json).toMatchObject({ project_key: app.projectKey, source: 'auto' });

    const again = await call(s.client, 'recall', { q: 'invoice locking' });
    expect(contextOf(again)).toEqual({ workspace_key: WS, project_key: app.projectKey, subpath: null });
    expect(textOf(again)).toContain(id);
    const bundle = await call(s.client, 'context_bundle', {});
    expect(textOf(bundle)).toMatch(new RegExp(`^# Project context: .*\\(${app.projectKey}\\)`));
    expect(s.errors).toEqual([]);
  }, 60_000);

  it("creates the repository's project with auto_create_project and says so", async () => {
    const s = await mcp(fresh.root, { SERVICE_WORKSPACE_KEY: WS_AUTO });
    const stored = await call(s.client, 'remember', {
      type: 'note',
      content: 'The fresh service has no cache.',
    });
    expect(contextOf(stored)).toMatchObject({
      project_key: fresh.projectKey,
      switched: {
        from: null,
        to: fresh.projectKey,
        reason: 'resolved from codehost_remote (project created: auto_create_project)',
      },
    });
    const project = await server.api(
      'GET',
      `/v1/projects/${encodeURIComponent(fresh.projectKey)}?workspace_key=${WS_AUTO}`,
      undefined,
      server.dev.key,
    );
    expect(project).toMatchObject({ status: 200, json: { key: fresh.projectKey, role: 'maintainer' } });
  }, 60_000);

  it('keeps a pinned project; unpinned, it switches back to the repository (auto_switch_repo on)', async () => {
    const s = await mcp(app.root, { SERVICE_WORKSPACE_KEY: WS });
    expect(contextOf(await call(s.client, 'recall')).project_key).toBe(app.projectKey);
    const pinned = await call(s.client, 'set_project', { project_key: other.projectKey });
    expect(pinned.structuredContent).toMatchObject({ project: { key: other.projectKey }, pinned: true });

    const recalled = await call(s.client, 'recall');
    expect(contextOf(recalled)).toEqual({ workspace_key: WS, project_key: other.projectKey, subpath: null });
    expect(textOf(recalled)).toMatch(new RegExp(`^0 memories from ${other.projectKey}:`));

    const unpinned = await call(s.client, 'unset_project_pin');
    expect(unpinned.structuredContent).toMatchObject({
      project: { key: app.projectKey },
      pinned: false,
      source: 'resolved',
      notice: `Now on ${app.projectKey} (was ${other.projectKey}): the working directory is in another repository (auto_switch_repo is on).`,
    });
    expect(contextOf(await call(s.client, 'recall')).project_key).toBe(app.projectKey);
  }, 60_000);

  it('stays on the project it was on when auto_switch_repo is off, with a notice', async () => {
    const s = await mcp(app.root, { SERVICE_WORKSPACE_KEY: WS });
    await server.settings(WS, { auto_switch_repo: false });
    try {
      // The first resolution selects whatever the setting; only a switch away is governed by it.
      expect(contextOf(await call(s.client, 'recall')).project_key).toBe(app.projectKey);
      await call(s.client, 'set_project', { project_key: other.projectKey });
      const unpinned = await call(s.client, 'unset_project_pin');
      expect(unpinned.structuredContent).toMatchObject({
        project: { key: other.projectKey },
        pinned: false,
        notice: `The working directory resolves to ${app.projectKey}, but auto_switch_repo is off in workspace ${WS}: staying on ${other.projectKey}. Call set_project to change.`,
      });
      const recalled = await call(s.client, 'recall');
      expect(contextOf(recalled)).toEqual({
        workspace_key: WS,
        project_key: other.projectKey,
        subpath: null,
      });
    } finally {
      await server.settings(WS, { auto_switch_repo: true });
    }
  }, 60_000);

  it('resolves a monorepo sub-project (level 2), or the repository with the sub-path', async () => {
    const web = await mcp(mono.at('packages/web/src'), { SERVICE_WORKSPACE_KEY: WS_MONO });
    const inWeb = await call(web.client, 'remember', { type: 'constraint', content: 'Web uses pnpm.' });
    expect(contextOf(inWeb)).toEqual({
      workspace_key: WS_MONO,
      project_key: `${mono.projectKey}#packages/web`,
      subpath: 'packages/web',
      switched: {
        from: null,
        to: `${mono.projectKey}#packages/web`,
        reason: 'resolved from codehost_remote',
      },
    });
    const webMemory = await server.api(
      'GET',
      `/v1/memories/${inWeb.structuredContent!.id as string}?workspace_key=${WS_MONO}`,
    );
    expect(webMemory.json).toMatchObject({
      project_key: `${mono.projectKey}#packages/web`,
      metadata: { subpath: 'packages/web' },
    });

    const api = await mcp(mono.at('packages/api'), { SERVICE_WORKSPACE_KEY: WS_MONO });
    const inApi = await call(api.client, 'remember', { type: 'note', content: 'The API listens on 8080.' });
    expect(contextOf(inApi)).toMatchObject({ project_key: mono.projectKey, subpath: 'packages/api' });
    const apiMemory = await server.api(
      'GET',
      `/v1/memories/${inApi.structuredContent!.id as string}?workspace_key=${WS_MONO}`,
    );
    expect(apiMemory.json).toMatchObject({
      project_key: mono.projectKey,
      metadata: { subpath: 'packages/api' },
    });

    const root = await mcp(mono.root, { SERVICE_WORKSPACE_KEY: WS_MONO });
    expect(contextOf(await call(root.client, 'recall'))).toMatchObject({
      project_key: mono.projectKey,
      subpath: null,
    });
  }, 60_000);

  it('cuts the sub-path at monorepo_detection_level 1', async () => {
    const docs = await mcp(mono.at('docs/guide'), { SERVICE_WORKSPACE_KEY: WS_LEVEL1 });
    expect(contextOf(await call(docs.client, 'recall'))).toMatchObject({
      project_key: `${mono.projectKey}#docs`,
      subpath: 'docs',
    });
    const web = await mcp(mono.at('packages/web'), { SERVICE_WORKSPACE_KEY: WS_LEVEL1 });
    expect(contextOf(await call(web.client, 'recall'))).toMatchObject({
      project_key: mono.projectKey,
      subpath: 'packages',
    });
  }, 60_000);

  it('switches between sub-projects only with auto_switch_subproject', async () => {
    const s = await mcp(mono.at('packages/web/src'), { SERVICE_WORKSPACE_KEY: WS_MONO });
    const sub = `${mono.projectKey}#packages/web`;
    expect(contextOf(await call(s.client, 'recall')).project_key).toBe(sub);
    try {
      // Off (the default): unpinned in packages/web, the session stays on the repository's project
      // and boosts the sub-path there.
      await call(s.client, 'set_project', { project_key: mono.projectKey });
      const kept = await call(s.client, 'unset_project_pin');
      expect(kept.structuredContent).toMatchObject({
        project: { key: mono.projectKey },
        subpath: 'packages/web',
        notice: `The working directory resolves to ${sub}, but auto_switch_subproject is off in workspace ${WS_MONO}: staying on ${mono.projectKey}. Call set_project to change.`,
      });
      const recalled = await call(s.client, 'recall');
      expect(contextOf(recalled)).toEqual({
        workspace_key: WS_MONO,
        project_key: mono.projectKey,
        subpath: 'packages/web',
      });

      await server.settings(WS_MONO, { auto_switch_subproject: true });
      await call(s.client, 'set_project', { project_key: mono.projectKey });
      const switched = await call(s.client, 'unset_project_pin');
      expect(switched.structuredContent).toMatchObject({
        project: { key: sub },
        subpath: 'packages/web',
        notice: `Now on ${sub} (was ${mono.projectKey}): the working directory is in another sub-project (auto_switch_subproject is on).`,
      });
      expect(contextOf(await call(s.client, 'recall'))).toEqual({
        workspace_key: WS_MONO,
        project_key: sub,
        subpath: 'packages/web',
      });
    } finally {
      await server.settings(WS_MONO, { auto_switch_subproject: false });
    }
  }, 60_000);

  it('outside a git repository, asks for set_workspace (listing your workspaces) and set_project', async () => {
    const plain = join(server.scratch, 'not-a-repository');
    mkdirSync(plain, { recursive: true });
    const s = await mcp(plain, {});
    const noWorkspace = await call(s.client, 'recall');
    expect(noWorkspace.isError).toBe(true);
    expect(textOf(noWorkspace)).toBe(
      `No workspace: set SERVICE_WORKSPACE_KEY in the MCP server configuration, or call set_workspace with one of your workspaces: ${[WS, WS_AUTO, WS_MONO, WS_LEVEL1].sort().join(', ')}.`,
    );

    const set = await call(s.client, 'set_workspace', { workspace_key: WS });
    expect(set.structuredContent).toMatchObject({ workspace_key: WS, project: null });
    const noProject = await call(s.client, 'recall');
    expect(noProject.isError).toBe(true);
    expect(textOf(noProject)).toBe(
      'No project: the working directory is not in a git repository and SERVICE_PROJECT_KEY is not set. Call set_project.',
    );
    await call(s.client, 'set_project', { project_key: other.projectKey });
    expect(contextOf(await call(s.client, 'recall')).project_key).toBe(other.projectKey);

    const manual = await mcp(plain, { SERVICE_WORKSPACE_KEY: WS, SERVICE_PROJECT_KEY: app.projectKey });
    expect(contextOf(await call(manual.client, 'recall'))).toMatchObject({
      project_key: app.projectKey,
      switched: { from: null, to: app.projectKey, reason: 'resolved from manual' },
    });
  }, 60_000);

  it("context_bundle says which cited code is missing from the working tree and reports it, but not for a pinned project's", async () => {
    const cited = createGitRepo(server.scratch, unique('cited'), ['src/billing'], PATH);
    writeFileSync(cited.at('src/billing/invoice.ts'), 'export function computeTaxLines() {}\n');
    const git = gitIn(cited.root, PATH);
    git('add', '--all');
    git('commit', '--quiet', '--message', 'Billing');
    repos.push({ repo: cited, entries: worktreeEntries(cited.root) });
    await server.project(WS, cited.projectKey);
    const remembered = async (content: string, cites: unknown[]) => {
      const body = {
        workspace_key: WS,
        project_key: cited.projectKey,
        type: 'constraint',
        content,
        status: 'confirmed',
        metadata: { cites },
      };
      const res = await server.api('POST', '/v1/memories', body);
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return String(res.json.id);
    };
    const present = await remembered('Tax lines are computed per invoice.', [
      { path: 'src/billing/invoice.ts', symbol: 'computeTaxLines' },
    ]);
    const gone = await remembered('Refunds go through the ledger.', [
      { path: 'src/billing/invoice.ts' },
      { path: 'src/ledger/refund.ts', symbol: 'refund' },
    ]);
    type Item = { id: string; cites?: unknown[]; citations_missing?: unknown[] };
    const constraints = (r: Awaited<ReturnType<typeof call>>) =>
      (r.structuredContent as { snapshot: { top_constraints: Item[] } }).snapshot.top_constraints;

    const s = await mcp(cited.at('src/billing'), { SERVICE_WORKSPACE_KEY: WS });
    const bundle = await call(s.client, 'context_bundle', {});
    expect(contextOf(bundle).project_key).toBe(cited.projectKey);
    const items = constraints(bundle);
    expect(items.find((i) => i.id === gone)).toMatchObject({
      cites: [{ path: 'src/billing/invoice.ts' }, { path: 'src/ledger/refund.ts', symbol: 'refund' }],
      citations_missing: [{ path: 'src/ledger/refund.ts', symbol: 'refund' }],
    });
    expect(items.find((i) => i.id === present)).not.toHaveProperty('citations_missing');
    expect(textOf(bundle)).toContain(
      '- “Refunds go through the ledger.” _[constraint, cited code missing: refund in src/ledger/refund.ts, ',
    );
    // Reported in the background: the memory needs review.
    const flags = async (id: string) =>
      (await server.api<{ flags: string[] }>('GET', `/v1/memories/${id}`)).json.flags;
    await expect.poll(() => flags(gone)).toEqual(['needs_review']);
    expect(await flags(present)).toEqual([]);

    // Pinned from another repository's folder, nothing is looked for there.
    const elsewhere = await mcp(app.root, { SERVICE_WORKSPACE_KEY: WS });
    await call(elsewhere.client, 'set_project', { project_key: cited.projectKey });
    const pinned = await call(elsewhere.client, 'context_bundle', {});
    expect(contextOf(pinned).project_key).toBe(cited.projectKey);
    for (const item of constraints(pinned)) expect(item).not.toHaveProperty('citations_missing');
    expect(textOf(pinned)).not.toContain('cited code missing');
    expect(s.errors).toEqual([]);
  }, 60_000);

  it('wrote nothing into the repositories, and only protocol messages to stdout', async () => {
    await clients.closeAll();
    expect(clients.unreadable).toEqual([]);
    for (const { repo, entries } of repos) {
      expect(gitIn(repo.root, PATH)('status', '--porcelain', '--untracked-files=all')).toBe('');
      expect(worktreeEntries(repo.root)).toEqual(entries);
    }
  }, 60_000);
});
