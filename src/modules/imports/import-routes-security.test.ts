import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { memoriesOf } from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import {
  getImport,
  patchStaged,
  placeOf,
  postStep,
  runPipeline,
  stagedOf,
  type StagedMemory,
} from './imports.fixtures.ts';

const h = useHarness();

let t: Team;
let outsider: TestUser;

beforeAll(async () => {
  t = await team(h);
  ({ outsider } = await outsiderWithWorkspace(h));
});

describe('import routes security', () => {
  let id: string;
  let stagedId: string;
  let snapshot: { row: unknown; staged: StagedMemory[] };

  beforeAll(async () => {
    const { extracted } = await runPipeline(
      h,
      t.writer,
      { ws: t.ws, project: t.project, file: 'notes.md' },
      'extract',
    );
    id = extracted!.id;
    const staged = await stagedOf(h, id);
    stagedId = staged[0]!.id;
    snapshot = { row: (await getImport(h, t.writer, id)).json(), staged };
  });

  const calls = (): RouteCall[] => [
    { method: 'GET', url: `/v1/imports/${id}` },
    { method: 'GET', url: `/v1/imports/${id}/staged` },
    { method: 'PATCH', url: `/v1/imports/${id}/staged/${stagedId}`, body: { selected: false } },
    { method: 'POST', url: `/v1/imports/${id}/staged/select`, body: { selected: false, all: true } },
    {
      method: 'POST',
      url: `/v1/imports/${id}/staged/select`,
      body: { selected: false, types: ['decision'] },
    },
    {
      method: 'POST',
      url: `/v1/imports/${id}/staged/select`,
      body: { selected: false, staged_ids: [stagedId] },
    },
    { method: 'POST', url: `/v1/imports/${id}/parse` },
    { method: 'POST', url: `/v1/imports/${id}/extract` },
    { method: 'POST', url: `/v1/imports/${id}/commit` },
    { method: 'POST', url: `/v1/imports/${id}/commit`, body: { status: 'confirmed' } },
  ];

  it('answers 401 without a valid key, 404 outside the project, 403 to a reader; nothing changes', async () => {
    for (const call of calls()) {
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, t.bystander, call);
      await expectHiddenFrom(h, outsider, call);
      await expectForbiddenFor(h, t.reader, call);
    }
    expect((await getImport(h, t.writer, id)).json()).toEqual(snapshot.row);
    expect(await stagedOf(h, id)).toEqual(snapshot.staged);
    expect(await memoriesOf(h, placeOf(t))).toEqual([]);
  });

  it('lets maintainers and workspace admins (not only the uploader) read the import', async () => {
    for (const as of [t.maintainer, t.admin]) {
      const res = await getImport(h, as, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(snapshot.row);
    }
  });

  it('answers 400 to malformed ids and 404 to unknown ones', async () => {
    const malformed = ['abc', 'imp_lower', 'imp_', `imp_${'A'.repeat(80)}`, 'mem_01ABC', "imp_1'--", '%00'];
    for (const bad of malformed) {
      for (const call of [
        { method: 'GET' as const, url: `/v1/imports/${encodeURIComponent(bad)}` },
        { method: 'GET' as const, url: `/v1/imports/${encodeURIComponent(bad)}/staged` },
        { method: 'POST' as const, url: `/v1/imports/${encodeURIComponent(bad)}/parse` },
        { method: 'POST' as const, url: `/v1/imports/${encodeURIComponent(bad)}/commit` },
        {
          method: 'PATCH' as const,
          url: `/v1/imports/${encodeURIComponent(bad)}/staged/${stagedId}`,
          body: { selected: false },
        },
        {
          method: 'POST' as const,
          url: `/v1/imports/${encodeURIComponent(bad)}/staged/select`,
          body: { selected: false, all: true },
        },
      ]) {
        const res = await h.request(call.method, call.url, { as: t.writer, body: call.body });
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    }
    const unknown = 'imp_00000000000000000000000000';
    expectError(await getImport(h, t.writer, unknown), 404, 'not_found');
    expectError(await postStep(h, t.writer, unknown, 'parse'), 404, 'not_found');
    expectError(await patchStaged(h, t.writer, unknown, stagedId, { selected: true }), 404, 'not_found');
    expectError(
      await h.request('POST', `/v1/imports/${unknown}/staged/select`, {
        as: t.writer,
        body: { selected: false, all: true },
      }),
      404,
      'not_found',
    );
    expectError(
      await patchStaged(h, t.writer, id, 'stg_00000000000000000000000000', { selected: true }),
      404,
      'not_found',
    );
    expect(await stagedOf(h, id)).toEqual(snapshot.staged);
  });
});
