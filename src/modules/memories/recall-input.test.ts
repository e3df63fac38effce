import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import type { Team } from '../projects/projects.fixtures.ts';
import {
  created,
  expectInvalidAt,
  expectNo5xx,
  freshProject,
  ids,
  listPage,
  recall,
  teamAndOutsider,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  ({ t, outsider, outsiderWs } = await teamAndOutsider(h));
});

describe('GET /v1/memories with q', () => {
  it('never recalls memories of another project or workspace', async () => {
    const p = await freshProject(h, t);
    const q = await freshProject(h, t);
    const mine = await created(h, p, p.writer, 'decision', 'Shared words: ledger reconciliation BILL-900');
    await created(h, q, q.writer, 'decision', 'Shared words: ledger reconciliation BILL-900');
    await created(h, q, q.writer, 'note', 'Ledger reconciliation runs in the other project only');
    const foreignProject = await h.project(outsiderWs, [], p.project);
    await created(h, { ws: outsiderWs, project: foreignProject }, outsider, 'decision', mine.content);
    const queries: Array<Record<string, string>> = [
      { q: 'ledger reconciliation' },
      { q: 'BILL-900' },
      {},
      { status: 'draft,confirmed,rejected' },
    ];
    for (const query of queries) {
      const page = await recall(h, p, p.reader, query);
      expect(ids(page.items)).toEqual([mine.id]);
      expect(page.items[0]).toMatchObject({ workspace_key: p.ws, project_key: p.project });
    }
  });

  it('needs a key and hides the project from everyone outside it (404)', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'note', 'Private recall');
    for (const query of [{}, { q: 'private recall' }] as Array<Record<string, string>>) {
      const call = {
        method: 'GET' as const,
        url: '/v1/memories',
        query: { workspace_key: p.ws, project_key: p.project, ...query },
      };
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, p.bystander, call);
      await expectHiddenFrom(h, outsider, call);
      await expectHiddenFrom(h, outsider, { ...call, query: { ...call.query, workspace_key: outsiderWs } });
      for (const reader of [p.reader, p.writer, p.maintainer, p.admin]) {
        expect((await h.request('GET', '/v1/memories', { as: reader, query: call.query })).statusCode).toBe(
          200,
        );
      }
    }
  });

  it('rejects bad parameters with 400 naming them', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'note', 'Bad parameters never reach the query');
    const newestCursor = (await recall(h, p, p.reader, { limit: '1' })).next_cursor;
    const ranked = await created(h, p, p.writer, 'note', 'Bad parameters never reach the ranking');
    expect(ranked.id).toBeTruthy();
    const rankedCursor = (await recall(h, p, p.reader, { q: 'bad parameters', limit: '1' })).next_cursor;
    expect(rankedCursor).toEqual(expect.any(String));
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases: Array<[Record<string, string>, string]> = [
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '201' }, 'query.limit'],
      [{ limit: '-1' }, 'query.limit'],
      [{ limit: '2.5' }, 'query.limit'],
      [{ limit: 'ten' }, 'query.limit'],
      [{ cursor: 'not-a-cursor' }, 'query.cursor'],
      [{ cursor: b64({ id: 'no-separator' }) }, 'query.cursor'],
      [{ cursor: b64({ id: 'yesterday|mem_1' }) }, 'query.cursor'],
      [{ cursor: b64({ id: '0000-01-01T00:00:00Z|mem_1' }) }, 'query.cursor'],
      [{ cursor: 'x'.repeat(201) }, 'query.cursor'],
      [{ cursor: rankedCursor! }, 'query.cursor'],
      [{ q: 'bad', cursor: newestCursor! }, 'query.cursor'],
      [{ q: 'bad', cursor: 'garbage' }, 'query.cursor'],
      [{ q: 'bad', cursor: b64({ a: 1, k: [2, 0.5, 'mem_1'] }) }, 'query.cursor'],
      [{ q: 'bad', cursor: b64({ a: 'now', k: [1, 0.5, 'mem_1'] }) }, 'query.cursor'],
      [{ q: 'bad', cursor: b64({ a: 1, k: [1, 0.5] }) }, 'query.cursor'],
      [{ type: 'idea' }, 'query.type'],
      [{ type: 'decision,idea' }, 'query.type'],
      [{ type: '' }, 'query.type'],
      [{ type: ',' }, 'query.type'],
      [{ type: 'decision,'.repeat(60) }, 'query.type'],
      [{ status: 'deleted' }, 'query.status'],
      [{ status: '' }, 'query.status'],
      [{ since: 'yesterday' }, 'query.since'],
      [{ since: '2024-01-01' }, 'query.since'],
      [{ since: '2024-13-01T00:00:00Z' }, 'query.since'],
      [{ since: '1700000000' }, 'query.since'],
      [{ since: '0000-01-01T00:00:00Z' }, 'query.since'],
      [{ since: '0001-01-01T00:30:00+01:00' }, 'query.since'],
      [{ q: '' }, 'query.q'],
      [{ q: '   ' }, 'query.q'],
      [{ q: 'x'.repeat(501) }, 'query.q'],
      [{ current_subpath: '../up' }, 'query.current_subpath'],
      [{ current_subpath: '/abs' }, 'query.current_subpath'],
      [{ explain: 'yes' }, 'query.explain'],
      [{ explain: '1' }, 'query.explain'],
      [{ project: 'x' }, 'query'],
      [{ workspace_key: '' }, 'query.workspace_key'],
      [{ workspace_key: 'Bad Key' }, 'query.workspace_key'],
      [{ project_key: 'nope' }, 'query.project_key'],
      [{ project_key: 'codehost:acme/../etc' }, 'query.project_key'],
    ];
    // (Query strings cannot carry lone surrogates: they are encoded as U+FFFD.)
    for (const s of HOSTILE_STRINGS.filter((v) => (v.length > 500 || unstorable(v)) && v.isWellFormed())) {
      cases.push([{ q: s }, 'query.q']);
    }
    for (const s of HOSTILE_STRINGS.filter((v) => v.isWellFormed())) {
      cases.push([{ type: s }, 'query.type']);
      cases.push([{ since: s }, 'query.since']);
    }
    for (const [query, path] of cases) {
      expectInvalidAt(await listPage(h, p, p.reader, query), path, JSON.stringify(query).slice(0, 120));
    }
    for (const missing of ['workspace_key', 'project_key']) {
      const query: Record<string, string> = { workspace_key: p.ws, project_key: p.project };
      delete query[missing];
      expectInvalid(await h.request('GET', '/v1/memories', { as: p.reader, query }), `query.${missing}`);
    }
    // Limits at the edges are fine.
    for (const limit of ['1', '200'])
      expect((await listPage(h, p, p.reader, { limit })).statusCode).toBe(200);
  });

  it('answers hostile queries cleanly', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'note', "Robert'); DROP TABLE students;-- is a classic");
    const queries = [
      ...HOSTILE_STRINGS.filter((v) => v.length <= 500 && !unstorable(v)),
      "students'); DROP",
      "'bill-142':* & !x",
      'a:b:c::d',
      '\\x27 OR 1=1',
      'foo | bar & !baz <-> qux',
      '"unterminated',
      'a'.repeat(500),
      'ab1 '.repeat(125),
      Array.from({ length: 40 }, (_, i) => `ticket-${i}`).join(' '),
    ];
    for (const q of queries) {
      const res = await listPage(h, p, p.reader, { q, explain: 'true' });
      expectNo5xx(res);
      expect(res.statusCode, `${q.slice(0, 60)} -> ${res.body.slice(0, 300)}`).toBe(200);
    }
    const hit = await recall(h, p, p.reader, { q: "Robert'); DROP TABLE students;--" });
    expect(hit.items).toHaveLength(1);
  });
});
