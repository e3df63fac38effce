import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectKeyRequired } from '../../test/security-matrix.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { uploaded, type ImportAnswer } from './imports.fixtures.ts';

const h = useHarness();

let t: Team;
let outsider: TestUser;

beforeAll(async () => {
  t = await team(h);
  ({ outsider } = await outsiderWithWorkspace(h));
});

describe('GET /v1/imports', () => {
  interface ListPage {
    items: ImportAnswer[];
    next_cursor: string | null;
  }
  const list = (as: TestUser, query: Record<string, string>) =>
    h.request('GET', '/v1/imports', { as, query });

  async function allOf(as: TestUser, query: Record<string, string>, limit: number) {
    const items: ImportAnswer[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res = await list(as, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ListPage;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      items.push(...page.items);
      cursor = page.next_cursor;
      if (!cursor) return items;
    }
    throw new Error('paging did not end');
  }

  /** A workspace with two projects: the writer writes both; `mixed` writes the second and reads the first. */
  async function listScene() {
    const [writer, mixed, reader, bystander, admin] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    const ws = await h.workspace([
      [writer, 'member'],
      [mixed, 'member'],
      [reader, 'member'],
      [bystander, 'member'],
      [admin, 'admin'],
    ]);
    const one = await h.project(ws, [
      [writer, 'writer'],
      [mixed, 'reader'],
      [reader, 'reader'],
    ]);
    const two = await h.project(ws, [
      [writer, 'writer'],
      [mixed, 'writer'],
    ]);
    const ids: Array<[string, string]> = [];
    for (const project of [one, two, one, two, one]) {
      ids.push([(await uploaded(h, writer, { ws, project, file: 'codex-legacy.jsonl' })).id, project]);
    }
    return { ws, one, two, writer, mixed, reader, bystander, admin, ids: ids.reverse() };
  }

  it('lists the workspace imports newest first, paged, and filtered by project', async () => {
    const s = await listScene();
    const newestFirst = s.ids.map(([id]) => id);
    for (const limit of [1, 2, 5, 50]) {
      expect((await allOf(s.writer, { workspace_key: s.ws }, limit)).map((i) => i.id)).toEqual(newestFirst);
    }
    const page = (await list(s.writer, { workspace_key: s.ws, limit: '2' })).json() as ListPage;
    expect(page.items).toHaveLength(2);
    expect(page.next_cursor).toEqual(expect.any(String));
    expect(page.items[0]).toMatchObject({ workspace_key: s.ws, status: 'uploaded', source: 'agent_jsonl' });
    const onlyOne = await allOf(s.writer, { workspace_key: s.ws, project_key: s.one }, 2);
    expect(onlyOne.map((i) => i.id)).toEqual(s.ids.filter(([, p]) => p === s.one).map(([id]) => id));
    expect(onlyOne.every((i) => i.project_key === s.one)).toBe(true);
    expect((await allOf(s.admin, { workspace_key: s.ws }, 50)).map((i) => i.id)).toEqual(newestFirst);
  });

  it('hides the imports of projects where the caller is not a writer', async () => {
    const s = await listScene();
    const ofTwo = s.ids.filter(([, p]) => p === s.two).map(([id]) => id);
    expect((await allOf(s.mixed, { workspace_key: s.ws }, 50)).map((i) => i.id)).toEqual(ofTwo);
    expect(await allOf(s.mixed, { workspace_key: s.ws, project_key: s.one }, 50)).toEqual([]);
    expect(await allOf(s.reader, { workspace_key: s.ws }, 50)).toEqual([]);
    expect(await allOf(s.reader, { workspace_key: s.ws, project_key: s.one }, 50)).toEqual([]);
    expect(await allOf(s.bystander, { workspace_key: s.ws }, 50)).toEqual([]);
    expectError(await list(s.bystander, { workspace_key: s.ws, project_key: s.one }), 404, 'not_found');
    expectError(await list(outsider, { workspace_key: s.ws }), 404, 'not_found');
    await expectKeyRequired(h, { method: 'GET', url: '/v1/imports', query: { workspace_key: s.ws } });
  });

  it('answers 400 to bad list parameters', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{}, 'query.workspace_key'],
      [{ workspace_key: t.ws, limit: '0' }, 'query.limit'],
      [{ workspace_key: t.ws, limit: '201' }, 'query.limit'],
      [{ workspace_key: t.ws, limit: 'ten' }, 'query.limit'],
      [{ workspace_key: t.ws, project_key: 'not a key' }, 'query.project_key'],
      [{ workspace_key: t.ws, status: 'failed' }, 'query'],
    ];
    for (const [query, path] of bad) expectInvalid(await list(t.writer, query), path);
    const res = await list(t.writer, { workspace_key: t.ws, cursor: 'not-a-cursor!' });
    expectError(res, 400, 'validation_failed');
  });
});
