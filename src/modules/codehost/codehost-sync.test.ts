import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { makeRepos, secondaryRateLimit } from '../../test/fakes/codehost-fake.ts';
import { useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { codehostFake, connectedWorkspace } from './codehost.fixtures.ts';

const gh = codehostFake();
const h = useHarness(() => gh.config());
const scene = workspaceScene(h);
const s = scene.users;

interface Repo {
  full_name: string;
  private: boolean;
  default_branch: string;
  repo_id: number;
}
const sync = (ws: string, as = s.alice) =>
  h.request('POST', `/v1/workspaces/${ws}/codehost/sync-repos`, { as });
const reposPage = (ws: string, query: Record<string, string> = {}, as = s.bob) =>
  h.request('GET', `/v1/workspaces/${ws}/codehost/repos`, { as, query });

async function allRepos(ws: string, limit = 200): Promise<Repo[]> {
  const repos: Repo[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await reposPage(ws, { limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Repo[]; next_cursor: string | null };
    repos.push(...body.items);
    cursor = body.next_cursor;
    if (!cursor) return repos;
  }
  throw new Error('too many pages');
}

const syncedAudit = async (ws: string) =>
  (await auditOf(h, ws, 'codehost.repos.')).map((e) => ({ action: e.action, ...e.target.params }));

describe('POST /v1/workspaces/:key/codehost/sync-repos', () => {
  it('links every repository over several pages with one installation token, and lists them by name', async () => {
    const account = h.uniq('org');
    const { ws } = await connectedWorkspace(h, gh.fake(), s, { account, repos: makeRepos(account, 300) });
    gh.fake().reset();
    const res = await sync(ws);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      added: 300,
      updated: 0,
      deactivated: 0,
      total: 300,
      projects_created: 0,
    });
    const listCalls = gh.fake().calls.filter((c) => c.path === '/installation/repositories');
    expect(listCalls.map((c) => c.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect(listCalls.every((c) => c.auth === 'token')).toBe(true);
    expect(gh.fake().tokensMinted).toBe(1);
    const repos = await allRepos(ws, 120);
    expect(repos).toHaveLength(300);
    expect(repos.map((r) => r.full_name)).toEqual(makeRepos(account, 300).map((r) => r.full_name));
    expect(repos[0]).toMatchObject({ private: true, default_branch: 'main' });
    expect(await syncedAudit(ws)).toEqual([
      {
        action: 'codehost.repos.synced',
        added: 300,
        updated: 0,
        deactivated: 0,
        total: 300,
        projects_created: 0,
        trigger: 'manual',
      },
    ]);
    const shown = (
      await h.request('GET', `/v1/workspaces/${ws}/codehost/installation`, { as: s.bob })
    ).json();
    expect(shown).toMatchObject({
      repository_count: 300,
      last_sync: { status: 'ok', trigger: 'manual', added: 300 },
    });
  });

  it('adds, updates and deactivates what changed at the code host, by repository id', async () => {
    const account = h.uniq('org');
    const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s, {
      account,
      repos: makeRepos(account, 4),
    });
    await sync(ws);
    const before = await allRepos(ws);
    const [a, b, c] = before;
    gh.fake().setRepositories(installationId, [
      { id: a?.repo_id, full_name: `${account}/renamed` },
      { id: b?.repo_id, full_name: b?.full_name ?? '', private: true, default_branch: 'trunk' },
      { id: c?.repo_id, full_name: c?.full_name ?? '' },
      { full_name: `${account}/brand-new` },
    ]);
    const res = await sync(ws);
    expect(res.json()).toMatchObject({ added: 1, updated: 2, deactivated: 1, total: 4 });
    const after = await allRepos(ws);
    expect(after.map((r) => r.full_name).sort()).toEqual(
      [`${account}/brand-new`, `${account}/renamed`, b?.full_name, c?.full_name].sort(),
    );
    expect(after.find((r) => r.repo_id === b?.repo_id)).toMatchObject({
      private: true,
      default_branch: 'trunk',
    });
    expect(after.find((r) => r.repo_id === a?.repo_id)?.full_name).toBe(`${account}/renamed`);
    expect((await sync(ws)).json()).toMatchObject({ added: 0, updated: 0, deactivated: 0, total: 4 });
  });

  it('creates the projects of linked repositories where auto_create_project is on; they resolve', async () => {
    const account = h.uniq('org');
    const { ws } = await connectedWorkspace(h, gh.fake(), s, {
      account,
      repos: makeRepos(account, 3),
      settings: { auto_create_project: true },
    });
    await h.project(ws, [], `codehost:${account}/repo-0002`);
    expect((await sync(ws)).json()).toMatchObject({ added: 3, projects_created: 2 });
    const resolved = await h.request('POST', '/v1/resolve-project', {
      as: s.alice,
      body: { workspace_key: ws, codehost_remote: `git@github.com:${account}/repo-0003.git` },
    });
    expect(resolved.json()).toMatchObject({
      project: { key: `codehost:${account}/repo-0003`, name: 'repo-0003' },
      resolved_by: 'codehost_remote',
      created: false,
    });
    const created = await auditOf(h, ws, 'project.created');
    expect(created.map((e) => e.target.params.project_key).sort()).toEqual([
      `codehost:${account}/repo-0001`,
      `codehost:${account}/repo-0002`,
      `codehost:${account}/repo-0003`,
    ]);
    expect((await sync(ws)).json()).toMatchObject({ projects_created: 0 });
  });

  it('runs two syncs at once as one: one answer, one audit entry', async () => {
    const account = h.uniq('org');
    const { ws } = await connectedWorkspace(h, gh.fake(), s, { account, repos: makeRepos(account, 150) });
    const [first, second] = await Promise.all([sync(ws), sync(ws, h.admin)]);
    expect(first.json()).toEqual(second.json());
    expect(first.json()).toMatchObject({ added: 150 });
    expect(await syncedAudit(ws)).toHaveLength(1);
  });

  it('waits out a short secondary rate limit, and reports a failure without changing a link', async () => {
    const account = h.uniq('org');
    const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s, {
      account,
      repos: makeRepos(account, 2),
    });
    const limit = secondaryRateLimit(1);
    gh.fake().reset();
    gh.fake().failNext(limit.status, limit.body, limit.headers);
    expect((await sync(ws)).json()).toMatchObject({ added: 2 });
    gh.fake().setRepositories(installationId, []);
    gh.fake().failNext(500, { message: 'Server Error' });
    const failed = expectError(await sync(ws), 502, 'upstream_error');
    expect(failed.message).toBe('Code host answered 500: Server Error');
    gh.fake().failNext(403, secondaryRateLimit(3600).body, { 'retry-after': '3600' });
    expect(expectError(await sync(ws), 502, 'upstream_error').message).toMatch(/rate limit.*3600 s/);
    expect(await allRepos(ws)).toHaveLength(2);
    const shown = (
      await h.request('GET', `/v1/workspaces/${ws}/codehost/installation`, { as: s.bob })
    ).json();
    expect(shown).toMatchObject({ repository_count: 2, last_sync: { status: 'failed', trigger: 'manual' } });
    const [latest] = await syncedAudit(ws);
    expect(latest).toMatchObject({ action: 'codehost.repos.sync_failed', trigger: 'manual' });
    expect(JSON.stringify(await auditOf(h, ws, 'codehost.'))).not.toMatch(/ghs_/);
  });

  it('replaces a token the code host stops taking mid-sync with a fresh one', async () => {
    const account = h.uniq('org');
    const { ws } = await connectedWorkspace(h, gh.fake(), s, { account, repos: makeRepos(account, 300) });
    gh.fake().reset();
    // The token answers page 1, then expires: page 2 is refused (401; Octokit tries the young token
    // again for about 6 s, as GitHub may not know a new token yet), then a new token reads it.
    gh.fake().expireTokensAfter(1);
    const res = await sync(ws);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 300, total: 300 });
    expect(gh.fake().tokensMinted).toBe(2);
    const pages = gh.fake().calls.filter((c) => c.path === '/installation/repositories');
    expect(pages.map((c) => c.query.page ?? '1').at(-2)).toBe('2');
  }, 30_000);

  it('answers 409 for a workspace without an installation, and is for admins only', async () => {
    const ws = await scene.newWorkspace();
    expect(expectError(await sync(ws), 409, 'conflict').message).toMatch(/install-url/);
    const call = { method: 'POST' as const, url: `/v1/workspaces/${ws}/codehost/sync-repos` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, s.outsider, call);
    await expectForbiddenFor(h, s.bob, call);
  });
});

describe('GET /v1/workspaces/:key/codehost/repos', () => {
  it('is for members, pages by cursor, and refuses bad paging', async () => {
    const ws = await scene.newWorkspace();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${ws}/codehost/repos` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, s.outsider, call);
    expect((await reposPage(ws)).json()).toEqual({ items: [], next_cursor: null });
    for (const query of [
      { limit: '0' },
      { limit: '201' },
      { limit: 'x' },
      { cursor: 'garbage' },
      { cursor: 'e30' },
    ] as Record<string, string>[]) {
      expectError(await reposPage(ws, query), 400, 'validation_failed');
    }
  });
});

describe('without a code host app', () => {
  it('answers integration_not_configured on every code host route', async () => {
    const ws = await scene.newWorkspace();
    const saved = h.config.codehost;
    Object.assign(h.config, { codehost: null });
    try {
      for (const [method, url] of [
        ['GET', `/v1/workspaces/${ws}/codehost/install-url`],
        ['GET', `/v1/workspaces/${ws}/codehost/installation`],
        ['POST', `/v1/workspaces/${ws}/codehost/sync-repos`],
        ['GET', `/v1/workspaces/${ws}/codehost/repos`],
      ] as const) {
        const error = expectError(
          await h.request(method, url, { as: s.alice }),
          400,
          'integration_not_configured',
        );
        expect(error.message).toMatch(/^Integration not configured: .*CODEHOST_APP_ID/);
      }
      const callback = await h.request('GET', '/v1/auth/codehost/callback', {
        query: { installation_id: '1', state: 'a.b' },
      });
      expectError(callback, 400, 'integration_not_configured');
    } finally {
      Object.assign(h.config, { codehost: saved });
    }
  });
});
