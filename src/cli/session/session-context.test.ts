import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../api-client.ts';
import { apiPortOver } from './client-session.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import type { SettingsInput } from '../../modules/workspaces/settings.ts';
import type { ApiPort } from '../../modules/mcp/tools/api-port.ts';
import type { GitContext } from './git-context.ts';
import { apiPortOf, manualClock, recordingPort, resolutions } from '../../modules/mcp/mcp-tools.fixtures.ts';
import { CONTEXT_TTL_MS, SessionContext } from './session-context.ts';

/**
 * The stdio adapter's session against the real API: the working directory's git is a plain input
 * the test changes, time is a clock the test moves, and every API call is counted.
 */
const h = useHarness();
let user: TestUser;

beforeAll(async () => {
  user = await h.user();
});

const remote = (repo: string) => `git@github.com:acme/${repo}.git`;
const inRepo = (repo: string, relativePath?: string): GitContext => ({
  remote: remote(repo),
  rootSlug: repo,
  ...(relativePath ? { relativePath } : {}),
});

/** A workspace (user a member) with the settings, its projects, and a session in it over a counting port. */
async function scene(
  settings: SettingsInput,
  projectKeys: string[],
  options: { git?: GitContext | null; projectKey?: string; api?: ApiPort } = {},
) {
  const ws = await h.workspace([[user, 'member']], settings);
  for (const key of projectKeys) await h.project(ws, [[user, 'writer']], key);
  const { api, calls } = recordingPort(options.api ?? apiPortOf(h, user));
  const clock = manualClock();
  const where = { git: options.git === undefined ? inRepo('api') : options.git };
  const context = new SessionContext({
    api,
    workspaceKey: ws,
    projectKey: options.projectKey,
    readGit: async () => where.git,
    now: clock.now,
  });
  /** Moves to another directory; the session sees it once its TTL has passed. */
  const cd = (git: GitContext | null) => {
    where.git = git;
    clock.advance(CONTEXT_TTL_MS);
  };
  return { ws, context, calls, clock, cd, where };
}

const API = 'codehost:acme/api';
const WEB = 'codehost:acme/web';

describe('SessionContext: ensureContext', () => {
  it('selects the resolved project on the first call, and reports nothing while it stays the same', async () => {
    const { ws, context, calls, cd } = await scene({}, [API]);
    expect(await context.project({})).toEqual({
      workspace_key: ws,
      project_key: API,
      subpath: null,
      switched: { from: null, to: API, reason: 'resolved from codehost_remote' },
    });
    expect(resolutions(calls)[0]!.body).toEqual({
      workspace_key: ws,
      codehost_remote: remote('api'),
      repo_root_slug: 'api',
    });
    cd(inRepo('api'));
    expect(await context.project({})).toEqual({ workspace_key: ws, project_key: API, subpath: null });
    expect(resolutions(calls)).toHaveLength(2);
    expect(await context.current()).toMatchObject({
      project: { key: API, name: 'api' },
      pinned: false,
      source: 'resolved',
      persistent: true,
    });
  });

  it('switches to another repository only with auto_switch_repo, else keeps the project with a notice', async () => {
    const on = await scene({ auto_switch_repo: true }, [API, WEB]);
    await on.context.project({});
    on.cd(inRepo('web'));
    const switched = await on.context.project({});
    expect(switched).toMatchObject({ project_key: WEB, switched: { from: API, to: WEB } });
    expect(switched.switched!.reason).toContain('auto_switch_repo');

    const off = await scene({ auto_switch_repo: false }, [API, WEB]);
    await off.context.project({});
    off.cd(inRepo('web'));
    const kept = await off.context.project({});
    expect(kept).toMatchObject({ project_key: API, subpath: null });
    expect(kept.switched).toBeUndefined();
    expect(kept.notice).toMatch(new RegExp(`resolves to ${WEB}, but auto_switch_repo is off`));
    expect(kept.notice).toContain(`staying on ${API}`);
    // The same notice is not repeated on every resolution.
    off.cd(inRepo('web'));
    expect(await off.context.project({})).toEqual({ workspace_key: off.ws, project_key: API, subpath: null });
  });

  it('switches between sub-projects only with auto_switch_subproject', async () => {
    const mono = 'codehost:acme/mono';
    const keys = [mono, `${mono}#apps/web`, `${mono}#apps/api`];
    const monorepo = { enable_monorepo_resolution: true, monorepo_detection_level: 2 };
    const on = await scene({ ...monorepo, auto_switch_subproject: true }, keys, {
      git: inRepo('mono', 'apps/web/src'),
    });
    expect(await on.context.project({})).toMatchObject({
      project_key: `${mono}#apps/web`,
      subpath: 'apps/web',
    });
    on.cd(inRepo('mono', 'apps/api'));
    const switched = await on.context.project({});
    expect(switched).toMatchObject({
      project_key: `${mono}#apps/api`,
      subpath: 'apps/api',
      switched: { from: `${mono}#apps/web`, to: `${mono}#apps/api` },
    });
    expect(switched.switched!.reason).toContain('auto_switch_subproject');

    const off = await scene({ ...monorepo, auto_switch_repo: true, auto_switch_subproject: false }, keys, {
      git: inRepo('mono', 'apps/web'),
    });
    await off.context.project({});
    off.cd(inRepo('mono', 'apps/api'));
    const kept = await off.context.project({});
    expect(kept).toMatchObject({ project_key: `${mono}#apps/web`, subpath: null });
    expect(kept.notice).toContain('auto_switch_subproject is off');

    // On the repository's own project, a sub-project it is kept over still boosts recall (subpath).
    const root = await scene({ ...monorepo, auto_switch_subproject: false }, keys, { git: inRepo('mono') });
    expect(await root.context.project({})).toMatchObject({ project_key: mono, subpath: null });
    root.cd(inRepo('mono', 'apps/web/src'));
    expect(await root.context.project({})).toMatchObject({ project_key: mono, subpath: 'apps/web' });
  });

  it("says when the project in use is the working tree's, where its cited code can be checked", async () => {
    const here = (c: SessionContext, at: { workspace_key: string; project_key: string }) =>
      c.isWorkingTreeProject(at);
    const off = await scene({ auto_switch_repo: false }, [API, WEB]);
    const selected = await off.context.project({});
    expect(here(off.context, selected)).toBe(true);
    // The same project named, in another workspace, or another one: not the working tree's.
    expect(here(off.context, { workspace_key: off.ws, project_key: WEB })).toBe(false);
    expect(here(off.context, { workspace_key: 'elsewhere', project_key: API })).toBe(false);
    expect(here(off.context, await off.context.project({ project_key: API }))).toBe(true);
    // Kept over another repository's project (auto_switch_repo off): not the working tree's.
    off.cd(inRepo('web'));
    expect(here(off.context, await off.context.project({}))).toBe(false);
    off.cd(inRepo('api'));
    expect(here(off.context, await off.context.project({}))).toBe(true);
    // Pinned, even to the working tree's project: set by hand, not checked.
    await off.context.setProject(API);
    expect(here(off.context, await off.context.project({}))).toBe(false);
    await off.context.unsetPin();
    expect(here(off.context, await off.context.project({}))).toBe(true);
    // A directory that resolves to nothing keeps the project, no longer the working tree's.
    off.cd(inRepo('unknown'));
    expect(here(off.context, await off.context.project({}))).toBe(false);
    off.cd(null);
    expect(here(off.context, await off.context.project({}))).toBe(false);

    // Kept within the same repository (another sub-project): still the working tree's.
    const mono = 'codehost:acme/mono';
    const monorepo = { enable_monorepo_resolution: true, monorepo_detection_level: 2 };
    const kept = await scene({ ...monorepo, auto_switch_subproject: false }, [mono, `${mono}#apps/web`], {
      git: inRepo('mono'),
    });
    await kept.context.project({});
    kept.cd(inRepo('mono', 'apps/web'));
    const sub = await kept.context.project({});
    expect(sub.project_key).toBe(mono);
    expect(here(kept.context, sub)).toBe(true);
  });

  it('resolves once for a burst of concurrent calls, reports the switch once, and again after the TTL', async () => {
    const { context, calls, clock } = await scene({}, [API]);
    const burst = await Promise.all(Array.from({ length: 5 }, () => context.project({})));
    expect(resolutions(calls)).toHaveLength(1);
    expect(burst.map((c) => c.project_key)).toEqual(Array(5).fill(API));
    expect(burst.filter((c) => c.switched)).toHaveLength(1);
    clock.advance(CONTEXT_TTL_MS - 1);
    expect((await context.project({})).switched).toBeUndefined();
    expect(resolutions(calls)).toHaveLength(1);
    clock.advance(1);
    await context.project({});
    expect(resolutions(calls)).toHaveLength(2);
  });

  it('keeps a pinned project without resolving until the pin is released', async () => {
    const { ws, context, calls, cd } = await scene({ auto_switch_repo: true }, [API, WEB]);
    await context.project({});
    expect(await context.setProject(WEB)).toMatchObject({
      workspace_key: ws,
      project: { key: WEB, name: 'web' },
      pinned: true,
      source: 'pinned',
    });
    cd(inRepo('api'));
    const before = resolutions(calls).length;
    expect(await context.project({})).toEqual({ workspace_key: ws, project_key: WEB, subpath: null });
    expect(await context.current()).toMatchObject({ pinned: true, source: 'pinned' });
    expect(resolutions(calls)).toHaveLength(before);

    const released = await context.unsetPin();
    expect(resolutions(calls)).toHaveLength(before + 1);
    expect(released).toMatchObject({ project: { key: API }, pinned: false, source: 'resolved' });
    expect(released.notice).toContain(`Now on ${API} (was ${WEB})`);
    expect((await context.unsetPin()).notice).toBe('No project was pinned.');
  });

  it('lets set_project win over a resolution that was under way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const direct = apiPortOf(h, user);
    const held: ApiPort = {
      get: direct.get,
      post: async (path, body, answer) => {
        await gate;
        return direct.post(path, body, answer);
      },
    };
    const { context } = await scene({}, [API, WEB], { api: held });
    const underWay = context.project({});
    await context.setProject(WEB);
    release();
    expect(await underWay).toMatchObject({ project_key: WEB });
    expect(await context.current()).toMatchObject({ project: { key: WEB }, pinned: true });
  });

  it('keeps the current project with a notice when the directory resolves to nothing (404)', async () => {
    const { context, cd } = await scene({}, [API]);
    await context.project({});
    cd(inRepo('unknown'));
    const kept = await context.project({});
    expect(kept).toMatchObject({ project_key: API });
    expect(kept.notice).toMatch(/not found|for these clues/i);
    expect(kept.notice).toContain(`staying on ${API}`);
    cd(inRepo('unknown'));
    expect((await context.project({})).notice).toBeUndefined();
  });

  it('says how to choose a project when nothing resolves and none is current', async () => {
    const bare = await scene({}, [], { git: null });
    await expect(bare.context.project({})).rejects.toThrow(/not in a git repository.*set_project/);
    const unknown = await scene({}, [], { git: inRepo('nowhere') });
    await expect(unknown.context.project({})).rejects.toThrow(/set_project, set SERVICE_PROJECT_KEY/);
    const noWorkspace = new SessionContext({ api: apiPortOf(h, user), readGit: async () => inRepo('api') });
    await expect(noWorkspace.project({})).rejects.toThrow(/SERVICE_WORKSPACE_KEY.*set_workspace/);
    expect(await noWorkspace.current()).toMatchObject({ workspace_key: null, project: null, source: 'none' });
  });

  it('holds "no project here" for the TTL, but retries at once after the server could not be reached', async () => {
    const bare = await scene({}, [API], { git: null });
    await expect(bare.context.project({})).rejects.toThrow(/not in a git repository/);
    bare.where.git = inRepo('api');
    await expect(bare.context.project({})).rejects.toThrow(/not in a git repository/);
    bare.clock.advance(CONTEXT_TTL_MS);
    expect(await bare.context.project({})).toMatchObject({ project_key: API });

    // The adapter's own HTTP client, first pointed where nothing listens, then at the server.
    const http = new ApiClient({ serviceUrl: 'http://127.0.0.1:1', apiKey: user.key }, 5000);
    const unreachable = apiPortOver(http);
    let port = unreachable;
    const switchable: ApiPort = {
      get: (p, a, q) => port.get(p, a, q),
      post: (p, b, a) => port.post(p, b, a),
    };
    const flaky = await scene({}, [API], { api: switchable });
    await expect(flaky.context.project({})).rejects.toThrow(/Cannot reach the ctxhub server/);
    port = apiPortOf(h, user);
    expect(await flaky.context.project({})).toMatchObject({ project_key: API, switched: { from: null } });
    expect(resolutions(flaky.calls)).toHaveLength(2);
  });

  it('sends SERVICE_PROJECT_KEY as the manual clue, so resolution_order decides', async () => {
    const manual = 'codehost:acme/manual-one';
    const alone = await scene({}, [manual], { git: null, projectKey: manual });
    expect(await alone.context.project({})).toMatchObject({
      project_key: manual,
      switched: { from: null, to: manual, reason: 'resolved from manual' },
    });
    expect(resolutions(alone.calls)[0]!.body).toEqual({
      workspace_key: alone.ws,
      manual_project_key: manual,
    });
    // With git too, the remote comes first in the default order; a manual-first order picks the key.
    const remoteFirst = await scene({}, [manual, API], { projectKey: manual });
    expect(await remoteFirst.context.project({})).toMatchObject({ project_key: API });
    const manualFirst = await scene(
      { resolution_order: ['manual', 'codehost_remote', 'repo_root_slug'] },
      [manual, API],
      { projectKey: manual },
    );
    expect(await manualFirst.context.project({})).toMatchObject({ project_key: manual });
    expect(resolutions(manualFirst.calls)[0]!.body).toMatchObject({
      codehost_remote: remote('api'),
      manual_project_key: manual,
    });
  });

  it('refuses a SERVICE_PROJECT_KEY that names no project, creating nothing', async () => {
    const typo = 'codehost:acme/api-typo';
    const { ws, context } = await scene({ auto_create_project: true }, [], { projectKey: typo });
    await expect(context.project({})).rejects.toThrow(
      `Project ${typo} (the manual project key) not found in workspace ${ws}`,
    );
    const listed = await h.request('GET', `/v1/workspaces/${ws}/projects`, { as: h.admin });
    expect(listed.json().items).toEqual([]);
  });

  it('runs a call in another workspace only with a project key, and set_workspace starts over', async () => {
    const { context } = await scene({}, [API]);
    const other = await h.workspace([[user, 'member']]);
    await expect(context.project({ workspace_key: other })).rejects.toThrow(/Give project_key too/);
    expect(await context.project({ workspace_key: other, project_key: WEB })).toEqual({
      workspace_key: other,
      project_key: WEB,
      subpath: null,
    });
    await h.project(other, [[user, 'reader']], API);
    const moved = await context.setWorkspace(other);
    expect(moved).toMatchObject({ workspace_key: other, project: { key: API }, source: 'resolved' });
    expect(moved.notice).toContain(`Now on ${API}`);
    await expect(context.setWorkspace(await h.workspace())).rejects.toMatchObject({ status: 404 });
    expect((await context.current()).workspace_key).toBe(other);
  });
});
