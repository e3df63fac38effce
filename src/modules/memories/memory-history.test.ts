import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  freshProject,
  historyOf,
  memoryOf,
  memoryState,
  MINUTE,
  patched,
  patchMemory,
  readMemory,
  recall,
  type Memory,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

describe('PATCH /v1/memories/:id', () => {
  it('changes content, type, metadata and evidence, one version each, history newest first', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'Exports run at midnight', {
      metadata: { subpath: 'services/export' },
    });
    h.clock.advance(MINUTE);
    const v2 = await patched(h, p.writer, m.id, { content: 'Exports run at 02:00 UTC' });
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
    const v3 = await patched(h, p.maintainer, m.id, { type: 'decision' });
    expect(v3).toMatchObject({ type: 'decision', version: 3, content: v2.content });
    const v4 = await patched(h, p.writer, m.id, {
      metadata: { subpath: 'services/export', ticket: 'OPS-7' },
    });
    expect(v4).toMatchObject({ version: 4, metadata: { subpath: 'services/export', ticket: 'OPS-7' } });
    const v5 = await patched(h, p.writer, m.id, {
      evidence_ref: 'raw_message:rmsg_01ABC',
      workspace_key: p.ws,
    });
    expect(v5).toMatchObject({ version: 5, evidence_ref: 'raw_message:rmsg_01ABC' });
    const v6 = await patched(h, p.writer, m.id, { evidence_ref: null, metadata: {} });
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
      occurred_at: x.occurred_at,
      superseded_by: x.superseded_by,
      supersedes: x.supersedes,
      flags: x.flags,
      review_after: x.review_after,
      reason: null,
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
    // A cursor past the oldest version is an empty page, one beyond every version the first page;
    // neither tells a reader of another project that the memory exists.
    const cursor = (id: string) => Buffer.from(JSON.stringify({ id })).toString('base64url');
    for (const [id, versions] of [
      ['1', []],
      ['999999999999999', [6, 5, 4, 3]],
    ] as const) {
      const res = await h.request('GET', `/v1/memories/${m.id}/history`, {
        as: p.reader,
        query: { limit: '4', cursor: cursor(id) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((v: { version: number }) => v.version)).toEqual(versions);
      const other = await h.request('GET', `/v1/memories/${m.id}/history`, {
        as: p.bystander,
        query: { limit: '4', cursor: cursor(id) },
      });
      expect(other.statusCode).toBe(404);
    }
    // The new text is what recall finds.
    expect((await recall(h, p, p.reader, { q: '02:00 UTC exports' })).items.map((i) => i.id)).toEqual([m.id]);
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
    expect(await patched(h, p.writer, m.id, { content: 'reports are cached per tenant' })).toMatchObject({
      version: 2,
    });
  });
});
