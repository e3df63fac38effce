import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { projectRoleOf } from '../projects/projects.fixtures.ts';
import { resolutionCalls } from './resolve.fixtures.ts';

/**
 * POST /v1/resolve-project where nothing is configured: a repository folder without a remote
 * resolves to `local:repo/<folder>` (found, or created with auto_create_project), and a manual key
 * must name an existing project: never created, a 404 naming it otherwise.
 */
const h = useHarness();

let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [admin, member] = await Promise.all([h.user(), h.user()]);
});

const { workspace, resolve, resolved } = resolutionCalls(h, () => ({ admin, member }));

/** Every project key of the workspace, sorted (read as its admin). */
async function projectKeys(ws: string): Promise<string[]> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/projects`, { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<{ key: string }> }).items.map((p) => p.key).sort();
}

describe('a repository folder in a workspace without key prefixes', () => {
  it('resolves to local:repo/<folder>, created with auto_create_project and found afterwards', async () => {
    const ws = await workspace({ auto_create_project: true });
    expect(await resolved(member, { workspace_key: ws, repo_root_slug: 'My-Tool' })).toEqual({
      workspace_key: ws,
      project: { key: 'local:repo/my-tool', name: 'my-tool' },
      resolved_by: 'repo_root_slug',
      created: true,
      subpath: null,
      auto_switch_repo: true,
      auto_switch_subproject: false,
    });
    expect(await projectRoleOf(h, ws, 'local:repo/my-tool', member)).toBe('maintainer');
    expect(await resolved(member, { workspace_key: ws, repo_root_slug: 'my-tool' })).toMatchObject({
      project: { key: 'local:repo/my-tool' },
      created: false,
    });
    expect(await projectKeys(ws)).toEqual(['local:repo/my-tool']);
  });

  it('finds an existing local project without auto_create_project, and creates nothing otherwise', async () => {
    const ws = await workspace();
    await h.project(ws, [[member, 'reader']], 'local:repo/notes');
    expect(await resolved(member, { workspace_key: ws, repo_root_slug: 'notes' })).toMatchObject({
      project: { key: 'local:repo/notes' },
      resolved_by: 'repo_root_slug',
      created: false,
    });
    const unknown = expectError(
      await resolve(member, { workspace_key: ws, repo_root_slug: 'scratch' }),
      404,
      'not_found',
    );
    expect(unknown.message).toContain('tried repo_root_slug');
    expect(await projectKeys(ws)).toEqual(['local:repo/notes']);
  });

  it('lets a mapping win, and configured key_prefixes replace the default', async () => {
    const mapped = await workspace({
      auto_create_project: true,
      project_mappings: [{ kind: 'repo_root_slug', external_id: 'tool', project_key: 'codehost:acme/tool' }],
    });
    await h.project(mapped, [], 'codehost:acme/tool');
    await h.project(mapped, [], 'local:repo/tool');
    expect(await resolved(admin, { workspace_key: mapped, repo_root_slug: 'tool' })).toMatchObject({
      project: { key: 'codehost:acme/tool' },
      created: false,
    });

    const prefixed = await workspace({ auto_create_project: true, key_prefixes: ['codehost:acme'] });
    await h.project(prefixed, [], 'local:repo/api');
    expect(await resolved(admin, { workspace_key: prefixed, repo_root_slug: 'api' })).toMatchObject({
      project: { key: 'codehost:acme/api' },
      created: true,
    });
    expect(await projectKeys(prefixed)).toEqual(['codehost:acme/api', 'local:repo/api']);
  });

  it('resolves a monorepo sub-project local:repo/<folder>#<sub-path>, or the repository with the sub-path', async () => {
    const ws = await workspace({ enable_monorepo_resolution: true, monorepo_detection_level: 2 });
    await h.project(ws, [], 'local:repo/mono');
    await h.project(ws, [], 'local:repo/mono#apps/web');
    const at = (relative_path: string) =>
      resolved(admin, { workspace_key: ws, repo_root_slug: 'mono', relative_path });
    expect(await at('apps/web/src')).toMatchObject({
      project: { key: 'local:repo/mono#apps/web' },
      subpath: 'apps/web',
    });
    expect(await at('apps/api')).toMatchObject({ project: { key: 'local:repo/mono' }, subpath: 'apps/api' });

    const create = await workspace({ enable_monorepo_resolution: true, auto_create_project: true });
    expect(
      await resolved(member, { workspace_key: create, repo_root_slug: 'mono', relative_path: 'apps/site/x' }),
    ).toMatchObject({ project: { key: 'local:repo/mono#apps/site' }, created: true, subpath: 'apps/site' });
  });

  it('keeps the resolution order: a remote comes first, an existing folder project before creating', async () => {
    const ws = await workspace({ auto_create_project: true });
    const clues = {
      workspace_key: ws,
      codehost_remote: 'git@github.com:acme/svc.git',
      repo_root_slug: 'svc',
    };
    expect(await resolved(member, clues)).toMatchObject({
      project: { key: 'codehost:acme/svc' },
      resolved_by: 'codehost_remote',
      created: true,
    });

    // A repository used without a remote, which got one later, keeps its folder project.
    const later = await workspace({ auto_create_project: true });
    await h.project(later, [[member, 'writer']], 'local:repo/svc');
    expect(await resolved(member, { ...clues, workspace_key: later })).toMatchObject({
      project: { key: 'local:repo/svc' },
      resolved_by: 'repo_root_slug',
      created: false,
    });
    expect(await projectKeys(later)).toEqual(['local:repo/svc']);

    // The folder first in the order: its default key is the one created.
    const folderFirst = await workspace({
      auto_create_project: true,
      resolution_order: ['repo_root_slug', 'codehost_remote'],
    });
    expect(await resolved(member, { ...clues, workspace_key: folderFirst })).toMatchObject({
      project: { key: 'local:repo/svc' },
      created: true,
    });
  });

  it('creates nothing in a local repository the caller cannot see', async () => {
    const ws = await workspace({ auto_create_project: true, enable_monorepo_resolution: true });
    await h.project(ws, [], 'local:repo/secret');
    expectError(
      await resolve(member, { workspace_key: ws, repo_root_slug: 'secret', relative_path: 'apps/web' }),
      404,
      'not_found',
    );
    expect(await projectKeys(ws)).toEqual(['local:repo/secret']);
  });
});

describe('a manual project key', () => {
  it('is never created: an unknown key answers 404 naming it, with auto_create_project on', async () => {
    const ws = await workspace({ auto_create_project: true });
    const error = expectError(
      await resolve(member, { workspace_key: ws, manual_project_key: 'codehost:acme/typo' }),
      404,
      'not_found',
    );
    expect(error.message).toBe(
      `Project codehost:acme/typo (the manual project key) not found in workspace ${ws}: a manual project key must name an existing project you can see; it is never created`,
    );
    expect(await projectKeys(ws)).toEqual([]);
  });

  it('through a manual mapping, must name an existing project too', async () => {
    const ws = await workspace({
      auto_create_project: true,
      project_mappings: [{ kind: 'manual', external_id: 'billing', project_key: 'codehost:acme/billing' }],
    });
    const error = expectError(
      await resolve(member, { workspace_key: ws, manual_project_key: 'billing' }),
      404,
      'not_found',
    );
    expect(error.message).toMatch(/^Project codehost:acme\/billing \(manual mapping "billing"\) not found/);
    expect(await projectKeys(ws)).toEqual([]);
    await h.project(ws, [[member, 'reader']], 'codehost:acme/billing');
    expect(await resolved(member, { workspace_key: ws, manual_project_key: 'billing' })).toMatchObject({
      project: { key: 'codehost:acme/billing' },
      resolved_by: 'manual',
      created: false,
    });
  });

  it('unknown, fails the resolution whatever the other clues would find or create', async () => {
    const ws = await workspace({ auto_create_project: true });
    await h.project(ws, [[member, 'reader']], 'codehost:acme/known');
    for (const remote of ['github.com/acme/known', 'github.com/acme/brand-new']) {
      const error = expectError(
        await resolve(member, {
          workspace_key: ws,
          codehost_remote: remote,
          repo_root_slug: 'folder',
          manual_project_key: 'codehost:acme/typo',
        }),
        404,
        'not_found',
      );
      expect(error.message, remote).toContain('codehost:acme/typo (the manual project key)');
    }
    expect(await projectKeys(ws)).toEqual(['codehost:acme/known']);
    // Known, the order still applies: the remote (first) wins over the manual key.
    await h.project(ws, [[member, 'reader']], 'codehost:acme/chosen');
    expect(
      await resolved(member, {
        workspace_key: ws,
        codehost_remote: 'github.com/acme/known',
        manual_project_key: 'codehost:acme/chosen',
      }),
    ).toMatchObject({ project: { key: 'codehost:acme/known' }, resolved_by: 'codehost_remote' });
  });

  it('naming a project the caller cannot see answers the same 404', async () => {
    const ws = await workspace({ auto_create_project: true });
    await h.project(ws, [], 'codehost:acme/hidden');
    const error = expectError(
      await resolve(member, { workspace_key: ws, manual_project_key: 'codehost:acme/hidden' }),
      404,
      'not_found',
    );
    expect(error.message).toMatch(/^Project codehost:acme\/hidden \(the manual project key\) not found/);
    expect(await projectRoleOf(h, ws, 'codehost:acme/hidden', member)).toBeNull();
  });

  it('is ignored where the workspace does not use the manual source', async () => {
    const ws = await workspace({ auto_create_project: true, resolution_order: ['codehost_remote'] });
    expect(
      await resolved(member, {
        workspace_key: ws,
        codehost_remote: 'github.com/acme/api',
        manual_project_key: 'codehost:acme/typo',
      }),
    ).toMatchObject({ project: { key: 'codehost:acme/api' }, created: true });
    expect(await projectKeys(ws)).toEqual(['codehost:acme/api']);
  });
});
