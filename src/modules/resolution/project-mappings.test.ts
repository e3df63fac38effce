import type { ProjectMapping } from '../workspaces/table.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { auditLogPages } from '../audit/audit-test-scenario.ts';
import { auditOf, readWorkspace, workspaceRouteUsers } from '../workspaces/workspace-routes-test-scenario.ts';

const h = useHarness();
let alice: TestUser; // workspace admin
let bob: TestUser; // plain member
let outsider: TestUser; // owner of another workspace only

beforeAll(async () => {
  ({ alice, bob, outsider } = await workspaceRouteUsers(h));
});

type Mapping = ProjectMapping;

const MAPPING_ID = /^pmap_[0-9A-Z]{26}$/;
const UNKNOWN_ID = `pmap_${'0'.repeat(26)}`;
const url = (ws: string, id?: string) => `/v1/workspaces/${ws}/project-mappings${id ? `/${id}` : ''}`;
const VALID = { kind: 'manual', external_id: 'backend', project_key: 'codehost:acme/api' };

const newWorkspace = () =>
  h.workspace([
    [alice, 'admin'],
    [bob, 'member'],
  ]);

async function mappingsOf(ws: string, as: TestUser = h.admin): Promise<Mapping[]> {
  const res = await h.request('GET', url(ws), { as });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Mapping[] }).items;
}

async function create(ws: string, body: Record<string, unknown>, as: TestUser = alice): Promise<Mapping> {
  const res = await h.request('POST', url(ws), { as, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Mapping;
}

/** Every audit entry of a workspace, newest first. */
const allAuditOf = (ws: string) => auditLogPages(h, h.admin, { workspace_key: ws });

/** Everything a mapping request could change: the list, the workspace and its audit entries. */
const stateOf = async (ws: string) => ({
  mappings: await mappingsOf(ws),
  workspace: await readWorkspace(h, ws),
  audit: await allAuditOf(ws),
});

describe('project mapping routes', () => {
  it('lets a workspace admin create, list, change and delete mappings, audited', async () => {
    const ws = await newWorkspace();
    const github = await create(ws, {
      kind: 'codehost_remote',
      external_id: 'git@github.com:Acme/API.git',
      project_key: 'codehost:acme/api',
      reason: 'first mapping',
    });
    expect(github).toEqual({
      id: expect.stringMatching(MAPPING_ID),
      kind: 'codehost_remote',
      external_id: 'github.com/acme/api',
      project_key: 'codehost:acme/api',
      priority: 0,
      enabled: true,
    });
    const gitlab = await create(ws, {
      kind: 'codehost_remote',
      external_id: 'https://gitlab.com/Group/Sub/Repo.git',
      project_key: 'gitlab:group/sub/repo',
      priority: 10,
    });
    expect(gitlab.external_id).toBe('gitlab.com/group/sub/repo');
    const apiSlug = await create(ws, {
      kind: 'repo_root_slug',
      external_id: 'API-Server',
      project_key: 'codehost:acme/api-server',
      priority: 5,
    });
    expect(apiSlug.external_id).toBe('api-server');
    const webSlug = await create(ws, {
      kind: 'repo_root_slug',
      external_id: 'web',
      project_key: 'codehost:acme/web',
      priority: 5,
    });
    const manual = await create(ws, {
      kind: 'manual',
      external_id: '  Backend team  ',
      project_key: 'codehost:acme/backend',
      priority: 1,
      enabled: false,
    });
    expect(manual).toMatchObject({ external_id: 'Backend team', enabled: false });
    expect(new Set([github, gitlab, apiSlug, webSlug, manual].map((m) => m.id)).size).toBe(5);

    // Members read them: by kind, then priority (highest first), then id (the order they were added).
    const ordered = [gitlab, github, manual, apiSlug, webSlug];
    expect(await mappingsOf(ws, bob)).toEqual(ordered);
    expect(await mappingsOf(ws, alice)).toEqual(ordered);
    const byId = (ms: Mapping[]) => [...ms].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId((await readWorkspace(h, ws))!.project_mappings as Mapping[])).toEqual(byId(ordered));

    const created = await auditOf(h, ws, 'project_mapping.');
    expect(created.map((e) => e.action)).toEqual(Array(5).fill('project_mapping.created'));
    expect(created.at(-1)!.actor.user_id).toBe(alice.id);
    expect(created.at(-1)!.target).toMatchObject({ type: 'project_mapping', id: github.id });
    expect(created.at(-1)!.target.params).toEqual({
      workspace_key: ws,
      mapping: github,
      reason: 'first mapping',
    });
    expect(created[0]!.target.params).toEqual({ workspace_key: ws, mapping: manual, reason: null });

    // PATCH changes the given fields.
    const patched = await h.request('PATCH', url(ws, github.id), {
      as: alice,
      body: { project_key: 'codehost:acme/api-v2', priority: 3, enabled: false, reason: 'renamed' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const githubV2 = { ...github, project_key: 'codehost:acme/api-v2', priority: 3, enabled: false };
    expect(patched.json()).toEqual(githubV2);
    let [entry] = await auditOf(h, ws, 'project_mapping.');
    expect(entry!.action).toBe('project_mapping.updated');
    expect(entry!.actor.user_id).toBe(alice.id);
    expect(entry!.target).toMatchObject({ type: 'project_mapping', id: github.id });
    expect(entry!.target.params).toEqual({
      workspace_key: ws,
      mapping: githubV2,
      changed_fields: ['project_key', 'priority', 'enabled'],
      reason: 'renamed',
    });

    // A kind change re-normalizes the kept external_id.
    const rekinded = await h.request('PATCH', url(ws, manual.id), {
      as: alice,
      body: { kind: 'repo_root_slug', external_id: 'Backend' },
    });
    expect(rekinded.statusCode, rekinded.body).toBe(200);
    const backendSlug: Mapping = { ...manual, kind: 'repo_root_slug', external_id: 'backend' };
    expect(rekinded.json()).toEqual(backendSlug);
    [entry] = await auditOf(h, ws, 'project_mapping.');
    expect(entry!.target.params).toMatchObject({ changed_fields: ['kind', 'external_id'], reason: null });

    // A PATCH that changes nothing (the same remote in another form) answers the mapping, audits nothing.
    const audited = await allAuditOf(ws);
    const before = await readWorkspace(h, ws);
    h.clock.advance(1000);
    for (const body of [
      { external_id: 'https://github.com/acme/api', priority: 3 },
      { enabled: false, reason: 'again' },
      { kind: 'codehost_remote', project_key: 'codehost:acme/api-v2' },
    ]) {
      const res = await h.request('PATCH', url(ws, github.id), { as: alice, body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(githubV2);
    }
    expect(await allAuditOf(ws)).toEqual(audited);
    expect(await readWorkspace(h, ws)).toEqual(before);

    // DELETE removes it from the list and from the workspace's settings.
    const deleted = await h.request('DELETE', url(ws, webSlug.id), {
      as: alice,
      query: { reason: 'repo archived' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    const remaining = [gitlab, githubV2, apiSlug, backendSlug];
    expect(await mappingsOf(ws, bob)).toEqual(remaining);
    expect(byId((await readWorkspace(h, ws))!.project_mappings as Mapping[])).toEqual(byId(remaining));
    [entry] = await auditOf(h, ws, 'project_mapping.');
    expect(entry!.action).toBe('project_mapping.deleted');
    expect(entry!.target).toMatchObject({ type: 'project_mapping', id: webSlug.id });
    expect(entry!.target.params).toEqual({ workspace_key: ws, mapping: webSlug, reason: 'repo archived' });
    expectError(await h.request('DELETE', url(ws, webSlug.id), { as: alice }), 404, 'not_found');
    expectError(
      await h.request('PATCH', url(ws, webSlug.id), { as: alice, body: { priority: 1 } }),
      404,
      'not_found',
    );
  });

  it('answers 401 without a valid key, 404 outside the workspace, 403 to a member writing', async () => {
    const ws = await newWorkspace();
    const mapping = await create(ws, VALID);
    const snapshot = await stateOf(ws);
    const list: RouteCall = { method: 'GET', url: url(ws) };
    const writes: RouteCall[] = [
      { method: 'POST', url: url(ws), body: { ...VALID, external_id: 'frontend' } },
      { method: 'PATCH', url: url(ws, mapping.id), body: { priority: 9 } },
      { method: 'DELETE', url: url(ws, mapping.id) },
    ];
    for (const call of [list, ...writes]) {
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, outsider, call);
      await expectHiddenFrom(h, alice, { ...call, url: call.url.replace(ws, h.uniq('nope')) });
    }
    for (const call of writes) await expectForbiddenFor(h, bob, call);
    expect(await stateOf(ws)).toEqual(snapshot);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const ws = await newWorkspace();
    const slug = await create(ws, {
      kind: 'repo_root_slug',
      external_id: 'api',
      project_key: 'codehost:a/api',
    });
    const snapshot = await stateOf(ws);

    const postCases: Array<[unknown, string]> = [
      [{ ...VALID, color: 'red' }, 'body'],
      [{ ...VALID, id: UNKNOWN_ID }, 'body'],
      [{ ...VALID, kind: 'svn' }, 'body.kind'],
      [{ ...VALID, kind: 1 }, 'body.kind'],
      [{ external_id: 'x', project_key: 'codehost:a/b' }, 'body.kind'],
      [{ kind: 'manual', project_key: 'codehost:a/b' }, 'body.external_id'],
      [{ ...VALID, external_id: 42 }, 'body.external_id'],
      [{ ...VALID, external_id: '' }, 'body.external_id'],
      [{ ...VALID, external_id: '   ' }, 'body.external_id'],
      [{ ...VALID, external_id: 'x'.repeat(501) }, 'body.external_id'],
      [{ ...VALID, kind: 'codehost_remote', external_id: 'not a remote' }, 'body.external_id'],
      [{ ...VALID, kind: 'codehost_remote', external_id: 'https://github.com/acme' }, 'body.external_id'],
      [{ ...VALID, kind: 'codehost_remote', external_id: 'file:///tmp/x' }, 'body.external_id'],
      [{ ...VALID, kind: 'repo_root_slug', external_id: 'a/b' }, 'body.external_id'],
      [{ ...VALID, kind: 'repo_root_slug', external_id: '..' }, 'body.external_id'],
      [{ ...VALID, kind: 'repo_root_slug', external_id: 'my repo' }, 'body.external_id'],
      [{ kind: 'manual', external_id: 'x' }, 'body.project_key'],
      [{ ...VALID, project_key: 'noColon' }, 'body.project_key'],
      [{ ...VALID, project_key: 'codehost:acme' }, 'body.project_key'],
      [{ ...VALID, project_key: 'Codehost:acme/api' }, 'body.project_key'],
      [{ ...VALID, project_key: 'codehost:acme/../api' }, 'body.project_key'],
      [{ ...VALID, project_key: 42 }, 'body.project_key'],
      [{ ...VALID, priority: -1 }, 'body.priority'],
      [{ ...VALID, priority: 1.5 }, 'body.priority'],
      [{ ...VALID, priority: '3' }, 'body.priority'],
      [{ ...VALID, priority: 1_000_001 }, 'body.priority'],
      [{ ...VALID, priority: null }, 'body.priority'],
      [{ ...VALID, enabled: 'yes' }, 'body.enabled'],
      [{ ...VALID, reason: 'x'.repeat(1001) }, 'body.reason'],
      [{ ...VALID, reason: 42 }, 'body.reason'],
      [{ ...VALID, reason: '\u0000' }, 'body.reason'],
      [[], 'body'],
    ];
    for (const [body, path] of postCases) {
      expectInvalid(await h.request('POST', url(ws), { as: alice, body }), path);
    }

    const patchCases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ reason: 'nothing to change' }, 'body'],
      [{ id: UNKNOWN_ID }, 'body'],
      [{ color: 'red' }, 'body'],
      [{ kind: 'svn' }, 'body.kind'],
      [{ external_id: 'a/b' }, 'body.external_id'],
      [{ external_id: '' }, 'body.external_id'],
      [{ external_id: 7 }, 'body.external_id'],
      // The kept external_id `api` is not a git remote.
      [{ kind: 'codehost_remote' }, 'body.external_id'],
      [{ project_key: 'bad' }, 'body.project_key'],
      [{ priority: -1 }, 'body.priority'],
      [{ priority: 2.5 }, 'body.priority'],
      [{ priority: null }, 'body.priority'],
      [{ enabled: 1 }, 'body.enabled'],
      [{ priority: 1, reason: 'x'.repeat(1001) }, 'body.reason'],
    ];
    for (const [body, path] of patchCases) {
      expectInvalid(await h.request('PATCH', url(ws, slug.id), { as: alice, body }), path);
    }

    for (const bad of [
      'abc',
      'pmap_lower',
      'pmap_',
      `pmap_${'A'.repeat(27)}`,
      'imp_01ABC',
      "pmap_1'--",
      '%00',
    ]) {
      const id = encodeURIComponent(bad);
      expectInvalid(await h.request('PATCH', url(ws, id), { as: alice, body: { priority: 1 } }), 'params.id');
      expectInvalid(await h.request('DELETE', url(ws, id), { as: alice }), 'params.id');
    }
    expectInvalid(
      await h.request('DELETE', url(ws, slug.id), { as: alice, query: { reason: 'x'.repeat(1001) } }),
      'query.reason',
    );
    expectInvalid(await h.request('GET', url('Not_Valid'), { as: alice }), 'params.key');
    expectInvalid(await h.request('POST', url('Not_Valid'), { as: alice, body: VALID }), 'params.key');
    expectError(
      await h.request('PATCH', url(ws, UNKNOWN_ID), { as: alice, body: { priority: 1 } }),
      404,
      'not_found',
    );
    expectError(await h.request('DELETE', url(ws, UNKNOWN_ID), { as: alice }), 404, 'not_found');
    expect(await stateOf(ws)).toEqual(snapshot);
  });

  it('stores hostile manual names verbatim or refuses them with 400, never 5xx', async () => {
    const ws = await newWorkspace();
    for (const s of HOSTILE_STRINGS) {
      const res = await h.request('POST', url(ws), { as: alice, body: { ...VALID, external_id: s } });
      if (s.length > 500 || unstorable(s)) {
        expectInvalid(res, 'body.external_id');
      } else {
        expect(res.statusCode, `${JSON.stringify(s)}: ${res.body}`).toBe(201);
        expect(res.json().external_id).toBe(s.trim());
      }
    }
    const stored = (await mappingsOf(ws)).map((m) => m.external_id);
    expect(stored.sort()).toEqual(
      HOSTILE_STRINGS.filter((s) => s.length <= 500 && !unstorable(s))
        .map((s) => s.trim())
        .sort(),
    );
  });

  // A malformed percent escape once escaped parseRemote as a URIError (a 500 on every route taking a remote).
  it('refuses a git remote with a malformed percent escape with 400', async () => {
    const ws = await newWorkspace();
    const res = await h.request('POST', url(ws), {
      as: alice,
      body: { ...VALID, kind: 'codehost_remote', external_id: 'https://github.com/acme/%ZZ' },
    });
    expectInvalid(res, 'body.external_id');
    expect(await mappingsOf(ws)).toEqual([]);
  });

  it('keeps at most 500 mappings per workspace (409 beyond)', async () => {
    const ws = await newWorkspace();
    const full = Array.from({ length: 500 }, (_, i) => ({
      kind: 'manual',
      external_id: `name-${i}`,
      project_key: 'codehost:acme/api',
    }));
    const filled = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: alice,
      body: { project_mappings: full },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const snapshot = await stateOf(ws);
    expect(snapshot.mappings).toHaveLength(500);
    expect(new Set(snapshot.mappings.map((m) => m.id)).size).toBe(500);
    const over = await h.request('POST', url(ws), { as: alice, body: { ...VALID, external_id: 'one more' } });
    expectError(over, 409, 'conflict');
    expect(await stateOf(ws)).toEqual(snapshot);

    // Changing one at the cap is fine; after a delete there is room for one more.
    const first = snapshot.mappings[0]!;
    const patched = await h.request('PATCH', url(ws, first.id), { as: alice, body: { priority: 7 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const deleted = await h.request('DELETE', url(ws, first.id), { as: alice });
    expect(deleted.statusCode).toBe(204);
    await create(ws, { ...VALID, external_id: 'one more' });
    expectError(
      await h.request('POST', url(ws), { as: alice, body: { ...VALID, external_id: 'and another' } }),
      409,
      'conflict',
    );
    expect(await mappingsOf(ws)).toHaveLength(500);
  });
});

describe('PATCH /v1/workspaces/:key project_mappings and mapping ids', () => {
  const patchSettings = (ws: string, body: unknown) =>
    h.request('PATCH', `/v1/workspaces/${ws}`, { as: alice, body });

  it('keeps the ids of mappings sent back with or without them, auditing nothing', async () => {
    const ws = await newWorkspace();
    await create(ws, {
      kind: 'codehost_remote',
      external_id: 'git@github.com:acme/api.git',
      project_key: 'codehost:acme/api',
      priority: 2,
    });
    await create(ws, { kind: 'repo_root_slug', external_id: 'web', project_key: 'codehost:acme/web' });
    // Two equal mappings: each keeps its own id.
    await create(ws, VALID);
    await create(ws, VALID);
    const before = await readWorkspace(h, ws);
    const stored = before!.project_mappings as Mapping[];
    expect(stored).toHaveLength(4);
    const audited = await allAuditOf(ws);
    h.clock.advance(1000);

    const withoutIds = stored.map(({ id: _id, ...m }) => m);
    // The remote in another form normalizes to the stored one.
    withoutIds[0] = { ...withoutIds[0]!, external_id: 'https://github.com/Acme/API' };
    for (const project_mappings of [withoutIds, stored]) {
      const res = await patchSettings(ws, { project_mappings });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().project_mappings).toEqual(stored);
    }
    expect(await readWorkspace(h, ws)).toEqual(before);
    expect(await allAuditOf(ws)).toEqual(audited);
  });

  it('keeps given ids when mappings change and gives new ones to new mappings', async () => {
    const ws = await newWorkspace();
    const a = await create(ws, VALID);
    const b = await create(ws, { ...VALID, external_id: 'frontend' });
    const res = await patchSettings(ws, {
      project_mappings: [
        { ...a, priority: 4 },
        { kind: b.kind, external_id: b.external_id, project_key: b.project_key },
        { kind: 'repo_root_slug', external_id: 'Docs', project_key: 'codehost:acme/docs' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second, third] = res.json().project_mappings as Mapping[];
    expect(first).toEqual({ ...a, priority: 4 });
    expect(second).toEqual(b);
    expect(third).toEqual({
      id: expect.stringMatching(MAPPING_ID),
      kind: 'repo_root_slug',
      external_id: 'docs',
      project_key: 'codehost:acme/docs',
      priority: 0,
      enabled: true,
    });
    expect([a.id, b.id]).not.toContain(third!.id);
    const [entry] = await auditOf(h, ws, 'workspace_settings.updated');
    expect(entry!.target.params.changed_fields).toEqual(['project_mappings']);
  });

  it('rejects duplicate or malformed mapping ids, changing nothing', async () => {
    const ws = await newWorkspace();
    const a = await create(ws, VALID);
    const snapshot = await stateOf(ws);
    expectInvalid(
      await patchSettings(ws, { project_mappings: [a, { ...a, external_id: 'other' }] }),
      'body.project_mappings',
    );
    expectInvalid(
      await patchSettings(ws, { project_mappings: [{ ...a, id: 'pmap_lower' }] }),
      'body.project_mappings.0.id',
    );
    expectInvalid(
      await patchSettings(ws, {
        project_mappings: [{ ...a, kind: 'codehost_remote', external_id: 'not a remote' }],
      }),
      'body.project_mappings.0.external_id',
    );
    expect(await stateOf(ws)).toEqual(snapshot);
  });
});
