import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { expectHiddenOutsideProject, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  deleteMemory,
  freshProject,
  getMemory,
  historyOf,
  memoryState,
  patchMemory,
  teamAndOutsider,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  ({ t, outsider, outsiderWs } = await teamAndOutsider(h));
});

describe('GET, PATCH, DELETE and history of /v1/memories/:id: access', () => {
  it('hides a memory from everyone outside its project and needs a key', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Only the team may see this');
    const before = await memoryState(h, p);
    const calls: RouteCall[] = [
      { method: 'GET', url: `/v1/memories/${m.id}` },
      { method: 'GET', url: `/v1/memories/${m.id}`, query: { workspace_key: p.ws } },
      { method: 'GET', url: `/v1/memories/${m.id}/history` },
      { method: 'PATCH', url: `/v1/memories/${m.id}`, body: { content: 'Taken over' } },
      { method: 'PATCH', url: `/v1/memories/${m.id}`, body: { workspace_key: p.ws, status: 'rejected' } },
      { method: 'DELETE', url: `/v1/memories/${m.id}` },
    ];
    for (const call of calls) await expectHiddenOutsideProject(h, p, outsider, call);
    // The outsider naming their own workspace does not find it either.
    await expectHiddenFrom(h, outsider, {
      method: 'GET',
      url: `/v1/memories/${m.id}`,
      query: { workspace_key: outsiderWs },
    });
    // A reader reads, but may not change or delete.
    expect((await getMemory(h, p.reader, m.id)).statusCode).toBe(200);
    expect(await historyOf(h, m.id, p.reader)).toHaveLength(1);
    await expectForbiddenFor(h, p.reader, calls[3]!);
    await expectForbiddenFor(h, p.reader, calls[5]!);
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('answers 404 when workspace_key names another workspace than the memory', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Mismatched workspaces find nothing');
    const before = await memoryState(h, p);
    for (const workspace_key of [outsiderWs, h.uniq('nows')]) {
      expectError(await getMemory(h, h.admin, m.id, { workspace_key }), 404, 'not_found');
      expectError(
        await h.request('GET', `/v1/memories/${m.id}/history`, { as: h.admin, query: { workspace_key } }),
        404,
        'not_found',
      );
      expectError(
        await patchMemory(h, h.admin, m.id, { workspace_key, content: 'changed' }),
        404,
        'not_found',
      );
      expectError(await deleteMemory(h, h.admin, m.id, { workspace_key }), 404, 'not_found');
    }
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const missing = 'mem_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    for (const call of [
      { method: 'GET' as const, url: `/v1/memories/${missing}` },
      { method: 'GET' as const, url: `/v1/memories/${missing}/history` },
      { method: 'PATCH' as const, url: `/v1/memories/${missing}`, body: { content: 'x' } },
      { method: 'DELETE' as const, url: `/v1/memories/${missing}` },
    ]) {
      await expectKeyRequired(h, call);
      expectError(await h.request(call.method, call.url, { as: h.admin, body: call.body }), 404, 'not_found');
    }
  });

  it('rejects malformed ids and queries with 400', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Well-formed');
    const before = await memoryState(h, p);
    const badIds = [
      'nope',
      'mem_',
      'mem_lowercase',
      'MEM_01ABC',
      'prj_01ABC',
      `mem_${'A'.repeat(70)}`,
      "mem_1' OR '1'='1",
      'mem_01ABC;DROP',
      '%00',
      ...HOSTILE_STRINGS.filter((s) => s.length < 200 && s.isWellFormed()),
    ];
    for (const bad of badIds) {
      const url = `/v1/memories/${encodeURIComponent(bad)}`;
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['GET', '/history', undefined],
        ['PATCH', '', { content: 'x' }],
        ['DELETE', '', undefined],
      ] as const) {
        const res = await h.request(method, url + suffix, { as: h.admin, body });
        expect(res.statusCode, `${method} ${bad} -> ${res.body}`).toBe(400);
        expectInvalid(res, 'params.id');
      }
    }
    const queries: Array<[Record<string, string>, string]> = [
      [{ workspace_key: 'Not Valid' }, 'query.workspace_key'],
      [{ workspace_key: '' }, 'query.workspace_key'],
      [{ extra: '1' }, 'query'],
    ];
    for (const [query, path] of queries) {
      expectInvalid(await getMemory(h, h.admin, m.id, query), path);
      expectInvalid(await deleteMemory(h, h.admin, m.id, query), path);
    }
    for (const [query, path] of [
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '201' }, 'query.limit'],
      [{ limit: 'ten' }, 'query.limit'],
      [{ cursor: 'garbage' }, 'query.cursor'],
      [{ cursor: Buffer.from(JSON.stringify({ id: 'abc' })).toString('base64url') }, 'query.cursor'],
    ] as Array<[Record<string, string>, string]>) {
      expectInvalid(await h.request('GET', `/v1/memories/${m.id}/history`, { as: h.admin, query }), path);
    }
    expect(await memoryState(h, p)).toEqual(before);
  });
});
