import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { auditOf, readWorkspace } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import type { ProjectMapping } from '../tenancy/table.ts';
import { MAPPING_ID, url, VALID, mappingScene } from './mappings.fixtures.ts';

const h = useHarness();
const { users, newWorkspace, mappingsOf, create, allAuditOf, stateOf } = mappingScene(h);

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
    expect(await mappingsOf(ws, users.bob)).toEqual(ordered);
    expect(await mappingsOf(ws, users.alice)).toEqual(ordered);
    const byId = (ms: ProjectMapping[]) => [...ms].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId((await readWorkspace(h, ws))!.project_mappings as ProjectMapping[])).toEqual(byId(ordered));

    const created = await auditOf(h, ws, 'project_mapping.');
    expect(created.map((e) => e.action)).toEqual(Array(5).fill('project_mapping.created'));
    expect(created.at(-1)!.actor.user_id).toBe(users.alice.id);
    expect(created.at(-1)!.target).toMatchObject({ type: 'project_mapping', id: github.id });
    expect(created.at(-1)!.target.params).toEqual({
      workspace_key: ws,
      mapping: github,
      reason: 'first mapping',
    });
    expect(created[0]!.target.params).toEqual({ workspace_key: ws, mapping: manual, reason: null });

    // PATCH changes the given fields.
    const patched = await h.request('PATCH', url(ws, github.id), {
      as: users.alice,
      body: { project_key: 'codehost:acme/api-v2', priority: 3, enabled: false, reason: 'renamed' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const githubV2 = { ...github, project_key: 'codehost:acme/api-v2', priority: 3, enabled: false };
    expect(patched.json()).toEqual(githubV2);
    let [entry] = await auditOf(h, ws, 'project_mapping.');
    expect(entry!.action).toBe('project_mapping.updated');
    expect(entry!.actor.user_id).toBe(users.alice.id);
    expect(entry!.target).toMatchObject({ type: 'project_mapping', id: github.id });
    expect(entry!.target.params).toEqual({
      workspace_key: ws,
      mapping: githubV2,
      changed_fields: ['project_key', 'priority', 'enabled'],
      reason: 'renamed',
    });

    // A kind change re-normalizes the kept external_id.
    const rekinded = await h.request('PATCH', url(ws, manual.id), {
      as: users.alice,
      body: { kind: 'repo_root_slug', external_id: 'Backend' },
    });
    expect(rekinded.statusCode, rekinded.body).toBe(200);
    const backendSlug: ProjectMapping = { ...manual, kind: 'repo_root_slug', external_id: 'backend' };
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
      const res = await h.request('PATCH', url(ws, github.id), { as: users.alice, body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(githubV2);
    }
    expect(await allAuditOf(ws)).toEqual(audited);
    expect(await readWorkspace(h, ws)).toEqual(before);

    // DELETE removes it from the list and from the workspace's settings.
    const deleted = await h.request('DELETE', url(ws, webSlug.id), {
      as: users.alice,
      query: { reason: 'repo archived' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    const remaining = [gitlab, githubV2, apiSlug, backendSlug];
    expect(await mappingsOf(ws, users.bob)).toEqual(remaining);
    expect(byId((await readWorkspace(h, ws))!.project_mappings as ProjectMapping[])).toEqual(byId(remaining));
    [entry] = await auditOf(h, ws, 'project_mapping.');
    expect(entry!.action).toBe('project_mapping.deleted');
    expect(entry!.target).toMatchObject({ type: 'project_mapping', id: webSlug.id });
    expect(entry!.target.params).toEqual({ workspace_key: ws, mapping: webSlug, reason: 'repo archived' });
    expectError(await h.request('DELETE', url(ws, webSlug.id), { as: users.alice }), 404, 'not_found');
    expectError(
      await h.request('PATCH', url(ws, webSlug.id), { as: users.alice, body: { priority: 1 } }),
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
      await expectHiddenFrom(h, users.outsider, call);
      await expectHiddenFrom(h, users.alice, { ...call, url: call.url.replace(ws, h.uniq('nope')) });
    }
    for (const call of writes) await expectForbiddenFor(h, users.bob, call);
    expect(await stateOf(ws)).toEqual(snapshot);
  });

  it('keeps at most 500 mappings per workspace (409 beyond)', async () => {
    const ws = await newWorkspace();
    const full = Array.from({ length: 500 }, (_, i) => ({
      kind: 'manual',
      external_id: `name-${i}`,
      project_key: 'codehost:acme/api',
    }));
    const filled = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: users.alice,
      body: { project_mappings: full },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const snapshot = await stateOf(ws);
    expect(snapshot.mappings).toHaveLength(500);
    expect(new Set(snapshot.mappings.map((m) => m.id)).size).toBe(500);
    const over = await h.request('POST', url(ws), {
      as: users.alice,
      body: { ...VALID, external_id: 'one more' },
    });
    expectError(over, 409, 'conflict');
    expect(await stateOf(ws)).toEqual(snapshot);

    // Changing one at the cap is fine; after a delete there is room for one more.
    const first = snapshot.mappings[0]!;
    const patched = await h.request('PATCH', url(ws, first.id), { as: users.alice, body: { priority: 7 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const deleted = await h.request('DELETE', url(ws, first.id), { as: users.alice });
    expect(deleted.statusCode).toBe(204);
    await create(ws, { ...VALID, external_id: 'one more' });
    expectError(
      await h.request('POST', url(ws), { as: users.alice, body: { ...VALID, external_id: 'and another' } }),
      409,
      'conflict',
    );
    expect(await mappingsOf(ws)).toHaveLength(500);
  });
});
