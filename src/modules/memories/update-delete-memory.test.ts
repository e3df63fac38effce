import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { expectHiddenOutsideProject, team, type Team } from '../projects/project-test-fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/member-test-fixtures.ts';
import {
  created,
  deleteMemory,
  freshProject,
  getMemory,
  historyOf,
  memoryLog,
  memoryState,
  patchMemory,
  readMemory,
  recall,
  type Memory,
  type MemoryWrite,
} from './memory-test-fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

const MINUTE = 60_000;

/** The memory part of a write answer. */
const memoryOf = ({ redactions: _r, deduplicated: _d, ...m }: MemoryWrite): Memory => m;

/** A PATCH that must succeed; answers the memory. */
async function patched(as: TestUser, id: string, body: Record<string, unknown>): Promise<MemoryWrite> {
  const res = await patchMemory(h, as, id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemoryWrite;
}

describe('PATCH /v1/memories/:id', () => {
  it('changes content, type, metadata and evidence, one version each, history newest first', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Exports run at midnight', {
      metadata: { subpath: 'services/export' },
    });
    h.clock.advance(MINUTE);
    const v2 = await patched(p.writer, m.id, { content: 'Exports run at 02:00 UTC' });
    expect(v2).toEqual({
      ...m,
      content: 'Exports run at 02:00 UTC',
      version: 2,
      updated_at: expect.any(String),
      redactions: 0,
      deduplicated: false,
    });
    expect(new Date(v2.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(m.created_at).getTime() + MINUTE,
    );
    const v3 = await patched(p.maintainer, m.id, { type: 'decision' });
    expect(v3).toMatchObject({ type: 'decision', version: 3, content: v2.content });
    const v4 = await patched(p.writer, m.id, { metadata: { subpath: 'services/export', ticket: 'OPS-7' } });
    expect(v4).toMatchObject({ version: 4, metadata: { subpath: 'services/export', ticket: 'OPS-7' } });
    const v5 = await patched(p.writer, m.id, { evidence_ref: 'raw_message:rmsg_01ABC', workspace_key: p.ws });
    expect(v5).toMatchObject({ version: 5, evidence_ref: 'raw_message:rmsg_01ABC' });
    const v6 = await patched(p.writer, m.id, { evidence_ref: null, metadata: {} });
    expect(v6).toMatchObject({ version: 6, evidence_ref: null, metadata: {} });
    expect(memoryOf(v6)).toEqual(await readMemory(h, m.id));
    expect(v6).toMatchObject({ created_at: m.created_at, created_by: p.writer.id });

    const history = await historyOf(h, m.id, p.reader);
    expect(history.map((v) => [v.version, v.change, v.changed_by])).toEqual([
      [6, 'updated', p.writer.id],
      [5, 'updated', p.writer.id],
      [4, 'updated', p.writer.id],
      [3, 'updated', p.maintainer.id],
      [2, 'updated', p.writer.id],
      [1, 'created', p.writer.id],
    ]);
    const fields = (x: Memory) => ({
      type: x.type,
      content: x.content,
      status: x.status,
      source: x.source,
      metadata: x.metadata,
      evidence_ref: x.evidence_ref,
      changed_at: x.updated_at,
    });
    expect(
      history.map(({ memory_id: _m, version: _v, change: _c, changed_by: _b, ...rest }) => rest),
    ).toEqual([v6, v5, v4, v3, v2, m].map(fields));
    // History pages newest first too.
    const page = await h.request('GET', `/v1/memories/${m.id}/history`, {
      as: p.reader,
      query: { limit: '4' },
    });
    expect(page.json().items.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3]);
    const rest = await h.request('GET', `/v1/memories/${m.id}/history`, {
      as: p.reader,
      query: { limit: '4', cursor: page.json().next_cursor },
    });
    expect(rest.json()).toMatchObject({ next_cursor: null });
    expect(rest.json().items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // The new text is what recall finds.
    expect((await recall(h, p, p.reader, { q: '02:00 UTC exports' })).items.map((i) => i.id)).toEqual([m.id]);
  });

  it('records memory.updated with the changed fields', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Cache TTL is 60 seconds');
    await patched(p.writer, m.id, { content: 'Cache TTL is 90 seconds', evidence_ref: 'https://x.test/1' });
    const [entry] = await memoryLog(h, p.ws);
    expect(entry).toMatchObject({
      action: 'memory.updated',
      target: {
        type: 'memory',
        id: m.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          memory_id: m.id,
          changed: ['content', 'evidence_ref'],
          version: 2,
          redactions: 0,
        },
      },
      actor: { user_id: p.writer.id },
    });
    expect(entry!.target.params).not.toHaveProperty('from_status');
    expect(JSON.stringify(entry)).not.toContain('90 seconds');
    await patched(p.maintainer, m.id, { status: 'confirmed' });
    const [confirm] = await memoryLog(h, p.ws);
    expect(confirm!.target.params).toMatchObject({
      changed: ['status'],
      from_status: 'draft',
      to_status: 'confirmed',
      version: 3,
    });
  });

  it('redacts secrets in an edit', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'The staging database');
    const secret = 'Sup3rSecretValue';
    const res = await patched(p.writer, m.id, { content: `The staging database\nPGPASSWORD=${secret}` });
    expect(res.redactions).toBe(1);
    expect(res.content).toBe('The staging database\nPGPASSWORD=[redacted:secret_assignment]');
    const text = JSON.stringify([await historyOf(h, m.id), await memoryLog(h, p.ws)]);
    expect(text).not.toContain(secret);
  });

  it('lets only maintainers change the status; writers get 403 and nothing changes', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'decision', 'Use one queue per tenant');
    const before = await memoryState(h, p);
    for (const status of ['confirmed', 'rejected']) {
      await expectForbiddenFor(h, p.writer, {
        method: 'PATCH',
        url: `/v1/memories/${m.id}`,
        body: { status },
      });
      await expectForbiddenFor(h, p.writer, {
        method: 'PATCH',
        url: `/v1/memories/${m.id}`,
        body: { status, content: 'Use one queue per tenant, always' },
      });
    }
    expect(await memoryState(h, p)).toEqual(before);
    // Restating the current status is no status change.
    expect(
      await patched(p.writer, m.id, { status: 'draft', content: 'Use one queue per tenant!' }),
    ).toMatchObject({
      status: 'draft',
      version: 2,
    });
    expect(await patched(p.maintainer, m.id, { status: 'confirmed' })).toMatchObject({
      status: 'confirmed',
      version: 3,
    });
    expect(await patched(p.admin, m.id, { status: 'rejected' })).toMatchObject({
      status: 'rejected',
      version: 4,
    });
    expect(await patched(p.maintainer, m.id, { status: 'draft' })).toMatchObject({
      status: 'draft',
      version: 5,
    });
    // A maintainer may edit and confirm in one step.
    expect(
      await patched(p.maintainer, m.id, { status: 'confirmed', content: 'Use one queue per tenant' }),
    ).toMatchObject({ status: 'confirmed', version: 6, content: 'Use one queue per tenant' });
    // A maintainer's edit of a confirmed memory keeps it confirmed.
    expect(await patched(p.maintainer, m.id, { content: 'Use one queue per tenant.' })).toMatchObject({
      status: 'confirmed',
      version: 7,
    });
  });

  it('returns a confirmed or rejected memory to draft when a writer edits its text', async () => {
    const p = await freshProject(h, t);
    for (const status of ['confirmed', 'rejected']) {
      const m = await created(h, p, p.maintainer, 'decision', `Deploys are ${status} on weekdays`, {
        status,
      });
      const edited = await patched(p.writer, m.id, { content: `Deploys are ${status} on weekdays only` });
      expect(edited).toMatchObject({ status: 'draft', version: 2 });
      const [entry] = await memoryLog(h, p.ws);
      expect(entry!.target.params).toMatchObject({
        changed: ['content', 'status'],
        from_status: status,
        to_status: 'draft',
      });
      const retyped = await created(h, p, p.maintainer, 'decision', `Rollbacks are ${status}`, { status });
      expect(await patched(p.writer, retyped.id, { type: 'constraint' })).toMatchObject({
        status: 'draft',
        type: 'constraint',
      });
    }
  });

  it('never lets a writer keep a memory confirmed while changing its text', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.maintainer, 'decision', 'Refunds need two approvals', {
      status: 'confirmed',
    });
    const res = await patchMemory(h, p.writer, m.id, {
      content: 'Refunds need one approval',
      status: 'confirmed',
    });
    // Either refused, or the edit goes back to review: never a confirmed text nobody reviewed.
    if (res.statusCode === 403) {
      expect(await readMemory(h, m.id)).toEqual(memoryOf(m));
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ content: 'Refunds need one approval', status: 'draft' });
    }
    expect(await readMemory(h, m.id)).not.toMatchObject({
      content: 'Refunds need one approval',
      status: 'confirmed',
    });
  });

  it('writes no version when nothing changes', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Reports are cached per tenant', {
      metadata: { subpath: 'apps/reports', ticket: 'REP-1', nested: { b: 1, a: [1, 2] } },
      evidence_ref: 'https://x.test/rep-1',
    });
    const before = await memoryState(h, p);
    h.clock.advance(MINUTE);
    const same = [
      { content: 'Reports are cached per tenant' },
      { content: '  Reports are cached per tenant \n' },
      { type: 'note' },
      { status: 'draft' },
      { evidence_ref: 'https://x.test/rep-1' },
      { metadata: { subpath: 'apps/reports', ticket: 'REP-1', nested: { b: 1, a: [1, 2] } } },
      // The same object with its keys in another order is no change either.
      { metadata: { nested: { a: [1, 2], b: 1 }, ticket: 'REP-1', subpath: 'apps/reports' } },
      {
        workspace_key: p.ws,
        content: 'Reports are cached per tenant',
        type: 'note',
        status: 'draft',
        evidence_ref: 'https://x.test/rep-1',
      },
    ];
    for (const body of same) {
      const res = await patchMemory(h, p.writer, m.id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), JSON.stringify(body)).toEqual({ ...m, deduplicated: false });
    }
    expect(await memoryState(h, p)).toEqual(before);
    // A change of case alone is an edit (of this memory, not a duplicate of it).
    expect(await patched(p.writer, m.id, { content: 'reports are cached per tenant' })).toMatchObject({
      version: 2,
    });
  });

  it('answers 409 when the change would duplicate another memory, changing nothing', async () => {
    const p = await freshProject(h, t);
    const a = await created(h, p, p.writer, 'decision', 'Emails are sent by the worker');
    const b = await created(h, p, p.writer, 'decision', 'Emails are sent by the API');
    const c = await created(h, p, p.writer, 'constraint', 'Emails are sent by the worker');
    const before = await memoryState(h, p);
    expectError(
      await patchMemory(h, p.writer, b.id, { content: 'EMAILS are sent by  the worker' }),
      409,
      'conflict',
    );
    expectError(await patchMemory(h, p.writer, c.id, { type: 'decision' }), 409, 'conflict');
    expectError(
      await patchMemory(h, p.maintainer, c.id, { type: 'decision', status: 'confirmed' }),
      409,
      'conflict',
    );
    expect(await memoryState(h, p)).toEqual(before);
    expect(await readMemory(h, a.id)).toEqual(memoryOf(a));
  });

  it('rejects an empty or invalid change with the field path', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Something to edit');
    const before = await memoryState(h, p);
    const cases: Array<[unknown, string]> = [
      [{}, 'body.content'],
      [{ workspace_key: p.ws }, 'body.content'],
      [{ content: '' }, 'body.content'],
      [{ content: '  \n ' }, 'body.content'],
      [{ content: 7 }, 'body.content'],
      [{ content: null }, 'body.content'],
      [{ content: 'x'.repeat(8001) }, 'body.content'],
      [{ type: 'idea' }, 'body.type'],
      [{ type: null }, 'body.type'],
      [{ status: 'deleted' }, 'body.status'],
      [{ metadata: 'x' }, 'body.metadata'],
      [{ metadata: null }, 'body.metadata'],
      [{ metadata: { subpath: '../up' } }, 'body.metadata.subpath'],
      [{ metadata: { subpath: '/abs/path' } }, 'body.metadata.subpath'],
      [{ metadata: { blob: 'x'.repeat(8200) } }, 'body.metadata'],
      [{ evidence_ref: '' }, 'body.evidence_ref'],
      [{ evidence_ref: 3 }, 'body.evidence_ref'],
      [{ source: 'import' }, 'body'],
      [{ project_key: p.project, content: 'moved' }, 'body'],
      [{ version: 1, content: 'x' }, 'body'],
      [{ workspace_key: 'Bad Key', content: 'x' }, 'body.workspace_key'],
      [['content'], 'body'],
    ];
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 8000 || unstorable(v))) {
      cases.push([{ content: s }, 'body.content']);
    }
    for (const [body, path] of cases) {
      const res = await patchMemory(h, p.writer, m.id, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 100)} -> ${res.body.slice(0, 300)}`).toBe(400);
      expectInvalid(res, path);
    }
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('rejects deeply nested metadata with 400, not a server error', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Shallow metadata');
    const before = await memoryState(h, p);
    let deep: unknown = 'x';
    for (let i = 0; i < 3000; i++) deep = [deep];
    const res = await patchMemory(h, p.writer, m.id, { metadata: { deep } });
    expect(res.statusCode, res.body).toBe(400);
    expectError(res, 400, 'validation_failed');
    expect(await memoryState(h, p)).toEqual(before);
  });

  it('stores hostile text verbatim', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Hostile target');
    for (const s of HOSTILE_STRINGS.filter((v) => v.length <= 500 && !unstorable(v))) {
      const res = await patched(p.writer, m.id, { content: s, metadata: { s }, evidence_ref: s });
      expect(res).toMatchObject({ content: s, metadata: { s }, evidence_ref: s });
      expect(await readMemory(h, m.id)).toMatchObject({ content: s, metadata: { s }, evidence_ref: s });
    }
  });
});

describe('DELETE /v1/memories/:id', () => {
  it('needs a maintainer, answers 204 and keeps the history with a last deleted version', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'caveat', 'The sandbox resets hourly', {
      metadata: { subpath: 'infra' },
    });
    const v2 = await patched(p.maintainer, m.id, { status: 'confirmed' });
    const before = await memoryState(h, p);
    const call: RouteCall = { method: 'DELETE', url: `/v1/memories/${m.id}` };
    await expectForbiddenFor(h, p.writer, call);
    await expectForbiddenFor(h, p.reader, call);
    expect(await memoryState(h, p)).toEqual(before);

    h.clock.advance(MINUTE);
    const res = await deleteMemory(h, p.maintainer, m.id, { workspace_key: p.ws });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectError(await getMemory(h, p.maintainer, m.id), 404, 'not_found');
    expectError(await patchMemory(h, p.maintainer, m.id, { content: 'back' }), 404, 'not_found');
    expectError(await deleteMemory(h, p.maintainer, m.id), 404, 'not_found');
    expect((await recall(h, p, p.reader, { status: 'draft,confirmed,rejected' })).items).toEqual([]);
    expect((await recall(h, p, p.reader, { q: 'sandbox resets' })).items).toEqual([]);

    const history = await historyOf(h, m.id, p.reader);
    expect(history.map((v) => [v.version, v.change])).toEqual([
      [3, 'deleted'],
      [2, 'updated'],
      [1, 'created'],
    ]);
    expect(history[0]).toMatchObject({
      memory_id: m.id,
      type: 'caveat',
      content: 'The sandbox resets hourly',
      status: 'confirmed',
      metadata: { subpath: 'infra' },
      changed_by: p.maintainer.id,
    });
    expect(new Date(history[0]!.changed_at).getTime()).toBeGreaterThan(new Date(v2.updated_at).getTime());
    const [entry] = await memoryLog(h, p.ws);
    expect(entry).toMatchObject({
      action: 'memory.deleted',
      target: {
        type: 'memory',
        id: m.id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          memory_id: m.id,
          type: 'caveat',
          status: 'confirmed',
        },
      },
      actor: { user_id: p.maintainer.id },
    });
    // The text can be remembered again as a new memory.
    const again = await created(h, p, p.writer, 'caveat', 'The sandbox resets hourly');
    expect(again.id).not.toBe(m.id);
  });

  it('lets a workspace admin delete', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Delete me');
    expect((await deleteMemory(h, p.admin, m.id)).statusCode).toBe(204);
    expect(await readMemory(h, m.id)).toBeNull();
  });
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
