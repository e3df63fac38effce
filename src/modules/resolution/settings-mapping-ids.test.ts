import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { auditOf, readWorkspace } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import type { ProjectMapping } from '../tenancy/table.ts';
import { MAPPING_ID, VALID, mappingScene } from './mappings.fixtures.ts';

const h = useHarness();
const { users, newWorkspace, create, allAuditOf, stateOf } = mappingScene(h);

describe('PATCH /v1/workspaces/:key project_mappings and mapping ids', () => {
  const patchSettings = (ws: string, body: unknown) =>
    h.request('PATCH', `/v1/workspaces/${ws}`, { as: users.alice, body });

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
    const stored = before!.project_mappings as ProjectMapping[];
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
    const [first, second, third] = res.json().project_mappings as ProjectMapping[];
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
