import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { projectRoleOf, readProject } from '../projects/projects.fixtures.ts';
import { resolutionCalls } from './resolve.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { workspaces } from '../tenancy/table.ts';

const h = useHarness();

let admin: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [admin, member] = await Promise.all([h.user(), h.user()]);
  ({ outsider } = await outsiderWithWorkspace(h));
});

const { workspace, resolve, resolved } = resolutionCalls(h, () => ({ admin, member }));

describe('POST /v1/resolve-project', () => {
  it('normalizes a remote in any usual form to its project', async () => {
    const ws = await workspace({ auto_switch_repo: false, auto_switch_subproject: true });
    await h.project(ws, [[member, 'reader']], 'codehost:acme/billing-api');
    for (const remote of [
      'git@github.com:acme/billing-api.git',
      'https://github.com/Acme/Billing-API',
      'https://x-access-token:secret@github.com/acme/billing-api.git/',
      'ssh://git@github.com:22/acme/billing-api.git',
      'github.com/acme/billing-api',
    ]) {
      expect(await resolved(member, { workspace_key: ws, codehost_remote: remote }), remote).toEqual({
        workspace_key: ws,
        project: { key: 'codehost:acme/billing-api', name: 'billing-api' },
        resolved_by: 'codehost_remote',
        created: false,
        subpath: null,
        auto_switch_repo: false,
        auto_switch_subproject: true,
      });
    }
  });

  it('lets an enabled mapping win over the derived key, the highest priority first', async () => {
    const ws = await workspace({
      project_mappings: [
        {
          kind: 'codehost_remote',
          external_id: 'github.com/acme/api',
          project_key: 'codehost:acme/low',
          priority: 1,
        },
        {
          kind: 'codehost_remote',
          external_id: 'git@github.com:acme/api.git',
          project_key: 'codehost:acme/high',
          priority: 5,
        },
        {
          kind: 'codehost_remote',
          external_id: 'github.com/acme/api',
          project_key: 'codehost:acme/off',
          priority: 9,
          enabled: false,
        },
      ],
    });
    for (const key of ['codehost:acme/api', 'codehost:acme/low', 'codehost:acme/high', 'codehost:acme/off'])
      await h.project(ws, [], key);
    const answer = await resolved(admin, {
      workspace_key: ws,
      codehost_remote: 'https://github.com/acme/api',
    });
    expect(answer.project.key).toBe('codehost:acme/high');
  });

  it('follows resolution_order and falls through sources that resolve nothing', async () => {
    const ws = await workspace({
      resolution_order: ['repo_root_slug', 'codehost_remote'],
      key_prefixes: ['codehost:acme/'],
    });
    await h.project(ws, [], 'codehost:acme/api');
    await h.project(ws, [], 'codehost:acme/folder');
    const both = { workspace_key: ws, codehost_remote: 'git@github.com:acme/api.git' };
    expect(await resolved(admin, { ...both, repo_root_slug: 'Folder' })).toMatchObject({
      project: { key: 'codehost:acme/folder' },
      resolved_by: 'repo_root_slug',
    });
    // An unknown folder falls through to the remote.
    expect(await resolved(admin, { ...both, repo_root_slug: 'unknown' })).toMatchObject({
      project: { key: 'codehost:acme/api' },
      resolved_by: 'codehost_remote',
    });
    // A source missing from the order is never used.
    const remoteOnly = await workspace({
      resolution_order: ['codehost_remote'],
      key_prefixes: ['codehost:acme'],
    });
    await h.project(remoteOnly, [], 'codehost:acme/folder');
    expectError(
      await resolve(admin, { workspace_key: remoteOnly, repo_root_slug: 'folder' }),
      404,
      'not_found',
    );
  });

  it('resolves a manual key, or a manual mapping name, and refuses anything else', async () => {
    const ws = await workspace({
      project_mappings: [{ kind: 'manual', external_id: 'billing', project_key: 'codehost:acme/billing' }],
    });
    await h.project(ws, [], 'codehost:acme/billing');
    for (const manual of ['codehost:acme/billing', 'billing']) {
      expect(await resolved(admin, { workspace_key: ws, manual_project_key: manual })).toMatchObject({
        project: { key: 'codehost:acme/billing' },
        resolved_by: 'manual',
      });
    }
    expectInvalid(
      await resolve(admin, { workspace_key: ws, manual_project_key: 'no such name' }),
      'body.manual_project_key',
    );
    expectError(
      await resolve(admin, { workspace_key: ws, manual_project_key: 'codehost:acme/unknown' }),
      404,
      'not_found',
    );
  });

  it('creates an unknown repository project only where auto_create_project is on', async () => {
    const off = await workspace();
    const remote = 'git@github.com:acme/brand-new.git';
    expectError(await resolve(member, { workspace_key: off, codehost_remote: remote }), 404, 'not_found');
    expect(await readProject(h, off, 'codehost:acme/brand-new')).toBeNull();

    const on = await workspace({ auto_create_project: true });
    expect(await resolved(member, { workspace_key: on, codehost_remote: remote })).toMatchObject({
      project: { key: 'codehost:acme/brand-new', name: 'brand-new' },
      created: true,
    });
    expect(await projectRoleOf(h, on, 'codehost:acme/brand-new', member)).toBe('maintainer');
    // Asked again: found, not created twice.
    expect(await resolved(member, { workspace_key: on, codehost_remote: remote })).toMatchObject({
      created: false,
    });
  });

  it('resolves monorepo sub-projects from relative_path at the detection level', async () => {
    const ws = await workspace({ enable_monorepo_resolution: true, monorepo_detection_level: 2 });
    await h.project(ws, [], 'codehost:acme/mono');
    await h.project(ws, [], 'codehost:acme/mono#apps/web');
    const at = (relative_path: string) =>
      resolved(admin, { workspace_key: ws, codehost_remote: 'github.com/acme/mono', relative_path });
    expect(await at('apps/web/src/x.ts')).toMatchObject({
      project: { key: 'codehost:acme/mono#apps/web' },
      subpath: 'apps/web',
    });
    // No such sub-project: the repository's project, with the subpath for boosting.
    expect(await at('apps/api/src')).toMatchObject({
      project: { key: 'codehost:acme/mono' },
      subpath: 'apps/api',
    });
    expect(await at('apps')).toMatchObject({ project: { key: 'codehost:acme/mono' }, subpath: null });
    expect(await at('')).toMatchObject({ project: { key: 'codehost:acme/mono' }, subpath: null });

    const flat = await workspace();
    await h.project(flat, [], 'codehost:acme/mono');
    await h.project(flat, [], 'codehost:acme/mono#apps/web');
    expect(
      await resolved(admin, {
        workspace_key: flat,
        codehost_remote: 'github.com/acme/mono',
        relative_path: 'apps/web/x',
      }),
    ).toMatchObject({ project: { key: 'codehost:acme/mono' }, subpath: null });

    const create = await workspace({ enable_monorepo_resolution: true, auto_create_project: true });
    expect(
      await resolved(member, {
        workspace_key: create,
        codehost_remote: 'github.com/acme/mono',
        relative_path: 'apps/site/a',
      }),
    ).toMatchObject({
      project: { key: 'codehost:acme/mono#apps/site' },
      created: true,
      subpath: 'apps/site',
    });
  });

  it('rejects bad relative paths instead of resolving them, creating nothing', async () => {
    const ws = await workspace({ enable_monorepo_resolution: true, auto_create_project: true });
    for (const relative_path of [
      '../x',
      'apps/../../etc',
      '/abs/path',
      'C:/repo',
      'apps//web',
      'a/./b',
      'a\u0000b',
    ]) {
      expectInvalid(
        await resolve(member, { workspace_key: ws, codehost_remote: 'github.com/acme/x', relative_path }),
        'body.relative_path',
      );
    }
    expect(await readProject(h, ws, 'codehost:acme/x')).toBeNull();
  });

  it('never resolves to a project the caller cannot see, nor creates over it', async () => {
    const ws = await workspace({ auto_create_project: true });
    await h.project(ws, [], 'codehost:acme/secret');
    expectError(
      await resolve(member, { workspace_key: ws, codehost_remote: 'github.com/acme/secret' }),
      404,
      'not_found',
    );
    expect(await projectRoleOf(h, ws, 'codehost:acme/secret', member)).toBeNull();
    expect(
      await resolved(admin, { workspace_key: ws, codehost_remote: 'github.com/acme/secret' }),
    ).toMatchObject({
      project: { key: 'codehost:acme/secret' },
    });
  });

  it('answers 401 without a key and 404 outside the workspace', async () => {
    const ws = await workspace({ auto_create_project: true });
    const call = {
      method: 'POST' as const,
      url: '/v1/resolve-project',
      body: { workspace_key: ws, codehost_remote: 'github.com/acme/probe' },
    };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    expect(await readProject(h, ws, 'codehost:acme/probe')).toBeNull();
  });

  it('answers 400 to bad bodies, naming the field, creating nothing', async () => {
    const ws = await workspace({ auto_create_project: true });
    const cases: Array<[unknown, string]> = [
      [{ codehost_remote: 'github.com/acme/a' }, 'body.workspace_key'],
      [{ workspace_key: ws }, 'body.codehost_remote'],
      [{ workspace_key: ws, codehost_remote: 42 }, 'body.codehost_remote'],
      [{ workspace_key: ws, codehost_remote: 'not a remote' }, 'body.codehost_remote'],
      [{ workspace_key: ws, codehost_remote: `github.com/acme/${'a'.repeat(600)}` }, 'body.codehost_remote'],
      [{ workspace_key: ws, repo_root_slug: 'a/b' }, 'body.repo_root_slug'],
      [{ workspace_key: ws, repo_root_slug: ['x'] }, 'body.repo_root_slug'],
      [{ workspace_key: ws, repo_root_slug: '   ' }, 'body.repo_root_slug'],
      [{ workspace_key: ws, manual_project_key: '   ' }, 'body.manual_project_key'],
      [{ workspace_key: ws, relative_path: 7, repo_root_slug: 'x' }, 'body.relative_path'],
      [{ workspace_key: ws, codehost_remote: 'github.com/acme/a', extra: true }, 'body'],
    ];
    for (const [body, path] of cases)
      expectInvalid(await resolve(member, body as Record<string, unknown>), path);
    for (const hostile of HOSTILE_STRINGS) {
      for (const field of ['codehost_remote', 'repo_root_slug', 'manual_project_key']) {
        const res = await resolve(member, { workspace_key: ws, [field]: hostile });
        expect(res.statusCode, `${field}=${hostile.slice(0, 20)}`).toBe(400);
      }
    }
    const listed = await h.request('GET', `/v1/workspaces/${ws}/projects`, { as: admin });
    expect(listed.json().items).toEqual([]);
  });
});

describe('mappings stored before external ids were normalized', () => {
  it('still match: stored ids are compared in their normalized form', async () => {
    const ws = await workspace();
    await h.project(ws, [], 'codehost:acme/legacy');
    // As a mapping written before normalization would sit in the settings column.
    const [row] = await h.database.db.select().from(workspaces).where(eq(workspaces.key, ws));
    await h.database.db
      .update(workspaces)
      .set({
        projectMappings: [
          {
            id: 'pmap_0000000000000000000000000A',
            kind: 'codehost_remote',
            external_id: 'git@github.com:Acme/Old-Name.git',
            project_key: 'codehost:acme/legacy',
            priority: 0,
            enabled: true,
          },
        ],
      })
      .where(eq(workspaces.id, row!.id));
    expect(
      await resolved(admin, { workspace_key: ws, codehost_remote: 'https://github.com/acme/old-name' }),
    ).toMatchObject({ project: { key: 'codehost:acme/legacy' } });
  });
});

describe('existing projects before auto-create', () => {
  it('finds an existing project through a later key prefix or a later source before creating one', async () => {
    const ws = await workspace({
      auto_create_project: true,
      resolution_order: ['codehost_remote', 'repo_root_slug'],
      key_prefixes: ['codehost:acme', 'codehost:other'],
      project_mappings: [
        { kind: 'repo_root_slug', external_id: 'billing-folder', project_key: 'codehost:acme/billing' },
      ],
    });
    await h.project(ws, [[member, 'reader']], 'codehost:other/api');
    await h.project(ws, [[member, 'reader']], 'codehost:acme/billing');
    expect(await resolved(member, { workspace_key: ws, repo_root_slug: 'api' })).toMatchObject({
      project: { key: 'codehost:other/api' },
      created: false,
    });
    expect(
      await resolved(member, {
        workspace_key: ws,
        codehost_remote: 'github.com/acme/unknown',
        repo_root_slug: 'billing-folder',
      }),
    ).toMatchObject({
      project: { key: 'codehost:acme/billing' },
      resolved_by: 'repo_root_slug',
      created: false,
    });
    expect(await readProject(h, ws, 'codehost:acme/unknown')).toBeNull();
    expect(await readProject(h, ws, 'codehost:acme/api')).toBeNull();
  });

  it('creates nothing inside a repository the caller cannot see', async () => {
    const ws = await workspace({ auto_create_project: true, enable_monorepo_resolution: true });
    await h.project(ws, [], 'codehost:acme/secret');
    expectError(
      await resolve(member, {
        workspace_key: ws,
        codehost_remote: 'github.com/acme/secret',
        relative_path: 'apps/web/x',
      }),
      404,
      'not_found',
    );
    expect(await readProject(h, ws, 'codehost:acme/secret#apps/web')).toBeNull();
  });
});

describe('monorepo_detection_level', () => {
  it('takes as many path segments as the level says, lower-cased', async () => {
    for (const [level, expected] of [
      [1, 'apps'],
      [3, 'apps/web/src'],
    ] as const) {
      const ws = await workspace({ enable_monorepo_resolution: true, monorepo_detection_level: level });
      await h.project(ws, [], 'codehost:acme/mono');
      const answer = await resolved(admin, {
        workspace_key: ws,
        codehost_remote: 'github.com/acme/mono',
        relative_path: 'Apps/Web/src/x.ts',
      });
      expect(answer, String(level)).toMatchObject({
        project: { key: 'codehost:acme/mono' },
        subpath: expected,
      });
    }
  });
});
