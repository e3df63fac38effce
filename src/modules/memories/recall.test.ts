import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { team, type Team } from '../projects/project-test-fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/member-test-fixtures.ts';
import {
  allPages,
  byIdDesc,
  created,
  expectInvalidAt,
  expectNo5xx,
  freshProject,
  ids,
  listPage,
  recall,
  SCORE_PART_NAMES,
  type MemoryWrite,
  type Recalled,
} from './memory-test-fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

const DAY = 86_400_000;
const explained = (item: Recalled) => {
  expect(item.explain, `${item.content} has no explain`).toBeDefined();
  return item.explain!;
};

describe('GET /v1/memories without q', () => {
  it('lists newest first, page by page along the cursor with no duplicates and no gaps', async () => {
    const p = await freshProject(h, t);
    const made: MemoryWrite[] = [];
    for (let i = 0; i < 9; i++) {
      // Some share a creation instant: the id breaks the tie.
      if (i % 3 === 0) h.clock.advance(1000);
      made.push(await created(h, p, p.writer, 'note', `Listing entry number ${i}`));
    }
    const newestFirst = ids(made).reverse();
    const first = await recall(h, p, p.reader, { limit: '2' });
    expect(ids(first.items)).toEqual(newestFirst.slice(0, 2));
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first).not.toHaveProperty('query');
    const paged = await allPages(h, p, p.reader, {}, 2);
    expect(ids(paged)).toEqual(newestFirst);
    expect(new Set(ids(paged)).size).toBe(9);
    expect(ids(await allPages(h, p, p.reader, {}, 4))).toEqual(newestFirst);
    const whole = await recall(h, p, p.reader, {});
    expect(ids(whole.items)).toEqual(newestFirst);
    expect(whole.next_cursor).toBeNull();
    expect(whole.items[0]).not.toHaveProperty('explain');
    // A memory added while paging shows up on no later page (it is newer than the cursor).
    const page1 = await recall(h, p, p.reader, { limit: '3' });
    await created(h, p, p.writer, 'note', 'Added while paging');
    const page2 = await recall(h, p, p.reader, { limit: '3', cursor: page1.next_cursor! });
    expect(ids(page2.items)).toEqual(newestFirst.slice(3, 6));
  });

  it('filters by a comma list of types', async () => {
    const p = await freshProject(h, t);
    const d = await created(h, p, p.writer, 'decision', 'Type filter decision');
    const c = await created(h, p, p.writer, 'constraint', 'Type filter constraint');
    await created(h, p, p.writer, 'note', 'Type filter note');
    const g = await created(h, p, p.writer, 'goal', 'Type filter goal');
    expect(ids((await recall(h, p, p.reader, { type: 'decision' })).items)).toEqual([d.id]);
    expect(ids((await recall(h, p, p.reader, { type: 'decision,constraint,goal' })).items)).toEqual([
      g.id,
      c.id,
      d.id,
    ]);
    expect(ids((await recall(h, p, p.reader, { type: 'goal, decision,goal' })).items)).toEqual([g.id, d.id]);
    expect(ids(await allPages(h, p, p.reader, { type: 'decision,constraint,goal' }, 1))).toEqual([
      g.id,
      c.id,
      d.id,
    ]);
    expect((await recall(h, p, p.reader, { type: 'caveat' })).items).toEqual([]);
  });

  it('leaves rejected memories out unless the status filter asks for them', async () => {
    const p = await freshProject(h, t);
    const draft = await created(h, p, p.writer, 'decision', 'Status filter draft');
    const confirmed = await created(h, p, p.maintainer, 'decision', 'Status filter confirmed', {
      status: 'confirmed',
    });
    const rejected = await created(h, p, p.maintainer, 'decision', 'Status filter rejected', {
      status: 'rejected',
    });
    expect(ids((await recall(h, p, p.reader, {})).items)).toEqual([confirmed.id, draft.id]);
    expect(ids((await recall(h, p, p.reader, { status: 'rejected' })).items)).toEqual([rejected.id]);
    expect(ids((await recall(h, p, p.reader, { status: 'confirmed' })).items)).toEqual([confirmed.id]);
    expect(ids((await recall(h, p, p.reader, { status: 'draft,rejected' })).items)).toEqual([
      rejected.id,
      draft.id,
    ]);
    expect(ids((await recall(h, p, p.reader, { status: 'draft,confirmed,rejected' })).items)).toEqual([
      rejected.id,
      confirmed.id,
      draft.id,
    ]);
  });

  it('filters by creation time with since', async () => {
    const p = await freshProject(h, t);
    const old = await created(h, p, p.writer, 'note', 'Since filter old');
    h.clock.advance(DAY);
    const mark = h.clock.now();
    h.clock.advance(1000);
    const recent = await created(h, p, p.writer, 'note', 'Since filter recent');
    const newer = await created(h, p, p.writer, 'note', 'Since filter newer');
    expect(ids((await recall(h, p, p.reader, { since: mark.toISOString() })).items)).toEqual([
      newer.id,
      recent.id,
    ]);
    // Any offset is accepted; the instant is what counts.
    const plusTwo = new Date(mark.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect(ids((await recall(h, p, p.reader, { since: plusTwo })).items)).toEqual([newer.id, recent.id]);
    // Inclusive: a memory created exactly at `since` is listed.
    expect(ids((await recall(h, p, p.reader, { since: recent.created_at })).items)).toEqual([
      newer.id,
      recent.id,
    ]);
    expect(ids((await recall(h, p, p.reader, { since: old.created_at })).items)).toEqual([
      newer.id,
      recent.id,
      old.id,
    ]);
    expect(
      (await recall(h, p, p.reader, { since: new Date(h.clock.now().getTime() + DAY).toISOString() })).items,
    ).toEqual([]);
    expect(
      ids((await recall(h, p, p.reader, { since: mark.toISOString(), q: 'since filter' })).items).sort(),
    ).toEqual([newer.id, recent.id].sort());
  });
});

describe('GET /v1/memories with q', () => {
  it('ranks memories matching every term above partial matches', async () => {
    const p = await freshProject(h, t);
    const full = await created(
      h,
      p,
      p.writer,
      'activity',
      'Someone retried the invoice export with a backoff',
    );
    h.clock.advance(DAY);
    // Newer, better-weighted partial matches still rank below.
    const partialA = await created(h, p, p.maintainer, 'decision', 'The invoice export is slow', {
      status: 'confirmed',
    });
    const partialB = await created(h, p, p.maintainer, 'decision', 'Webhooks use an exponential backoff', {
      status: 'confirmed',
    });
    await created(h, p, p.writer, 'decision', 'Nothing relevant here at all');
    const page = await recall(h, p, p.reader, { q: 'invoice export backoff', explain: 'true' });
    expect(ids(page.items)[0]).toBe(full.id);
    expect(ids(page.items).sort()).toEqual([full.id, partialA.id, partialB.id].sort());
    expect(explained(page.items[0]!)).toMatchObject({
      all_terms_matched: true,
      matched_terms: ['invoice', 'export', 'backoff'],
      coverage: 1,
    });
    for (const partial of page.items.slice(1)) {
      expect(explained(partial).all_terms_matched).toBe(false);
      expect(explained(partial).coverage).toBeLessThan(1);
    }
    expect(explained(page.items[1]!).score).toBeGreaterThan(explained(page.items[0]!).score);
    // With more of the query matched, a partial match ranks above one matching less.
    const two = await created(h, p, p.writer, 'activity', 'A note on export and backoff');
    const again = await recall(h, p, p.reader, { q: 'invoice export backoff retried', explain: 'true' });
    expect(ids(again.items)[0]).toBe(full.id);
    expect(ids(again.items)).toContain(two.id);
  });

  it('corrects typos against the words of the project', async () => {
    const p = await freshProject(h, t);
    const m = await created(h, p, p.writer, 'note', 'The invoice renderer uses headless Chromium');
    await created(h, p, p.writer, 'note', 'Deploys happen on Tuesdays');
    const page = await recall(h, p, p.reader, { q: 'invoce rendrer', explain: 'true' });
    expect(ids(page.items)).toEqual([m.id]);
    expect(page.query).toEqual({
      terms: ['invoce', 'rendrer'],
      corrections: { invoce: 'invoice', rendrer: 'renderer' },
      candidates: 1,
    });
    expect(explained(page.items[0]!)).toMatchObject({ all_terms_matched: true });
    expect(ids((await recall(h, p, p.reader, { q: 'Chromiun' })).items)).toEqual([m.id]);
    // A correctly spelt word is not "corrected".
    const exact = await recall(h, p, p.reader, { q: 'invoice', explain: 'true' });
    expect(exact.query!.corrections).toEqual({});
    // Words of another project are no corrections here.
    const q = await freshProject(h, t);
    await created(h, q, q.writer, 'note', 'Kubernetes autoscaler settings');
    const other = await recall(h, p, p.reader, { q: 'kubernets', explain: 'true' });
    expect(other.items).toEqual([]);
    expect(other.query!.corrections).toEqual({});
  });

  it('finds identifiers as written: ticket ids, file names, function names, snake_case', async () => {
    const p = await freshProject(h, t);
    const target = await created(
      h,
      p,
      p.writer,
      'note',
      'Fixed BILL-142 by moving retries into src/invoices/retry.ts; computeTaxLines now reads invoice_lines',
    );
    const bill143 = await created(h, p, p.writer, 'note', 'BILL-143 is about bill reminders, 142 days late');
    const retryJs = await created(
      h,
      p,
      p.writer,
      'note',
      'Retry logic in src/uploads/retry.js handles ts files',
    );
    const compute = await created(h, p, p.writer, 'note', 'Compute tax lines by hand for exports');
    const lines = await created(h, p, p.writer, 'note', 'Invoice lines are rounded per line');
    for (const [q, others] of [
      ['BILL-142', [bill143.id]],
      ['bill-142', [bill143.id]],
      ['retry.ts', [retryJs.id]],
      ['src/invoices/retry.ts', [retryJs.id]],
      ['computeTaxLines', [compute.id]],
      ['invoice_lines', [lines.id]],
    ] as const) {
      const page = await recall(h, p, p.reader, { q, explain: 'true' });
      expect(ids(page.items)[0], q).toBe(target.id);
      expect(explained(page.items[0]!)).toMatchObject({ identifier_match: true, all_terms_matched: true });
      for (const item of page.items.slice(1)) {
        expect(others, q).toContain(item.id);
        expect(explained(item).identifier_match).toBe(false);
      }
    }
    // Each identifier finds the memory on its own in a sentence too.
    const sentence = await recall(h, p, p.reader, {
      q: 'where is computeTaxLines for BILL-142',
      explain: 'true',
    });
    expect(ids(sentence.items)[0]).toBe(target.id);
  });

  it('weights types: a decision ranks above an activity with the same text', async () => {
    const p = await freshProject(h, t);
    const decision = await created(h, p, p.writer, 'decision', 'Partition the events table by month');
    const activity = await created(h, p, p.writer, 'activity', 'Partition the events table by month');
    const page = await recall(h, p, p.reader, { q: 'partition events table', explain: 'true' });
    expect(ids(page.items)).toEqual([decision.id, activity.id]);
    expect(explained(page.items[0]!).type_weight).toBe(1);
    expect(explained(page.items[1]!).type_weight).toBe(0.65);
    expect(explained(page.items[0]!).text_rank).toBe(explained(page.items[1]!).text_rank);
  });

  it('prefers recent memories, while an old one keeps most of its weight', async () => {
    const p = await freshProject(h, t);
    const old = await created(h, p, p.writer, 'decision', 'Archive audit logs to cold storage');
    h.clock.advance(2 * 365 * DAY);
    const fresh = await created(h, p, p.writer, 'constraint', 'Archive audit logs to cold storage');
    const page = await recall(h, p, p.reader, { q: 'archive audit logs', explain: 'true' });
    expect(ids(page.items)).toEqual([fresh.id, old.id]);
    const [a, b] = page.items.map(explained);
    expect(a!.recency).toBeCloseTo(1, 3);
    expect(b!.recency).toBeLessThan(a!.recency);
    expect(b!.recency).toBeGreaterThanOrEqual(0.6);
    expect(a!.score).toBeGreaterThan(b!.score);
  });

  it('boosts memories of the current subpath', async () => {
    const p = await freshProject(h, t);
    const web = await created(h, p, p.writer, 'decision', 'Feature flags are read at startup', {
      metadata: { subpath: 'apps/web' },
    });
    const api = await created(h, p, p.writer, 'constraint', 'Feature flags are read at startup', {
      metadata: { subpath: 'services/api' },
    });
    const q = 'feature flags startup';
    const forApi = await recall(h, p, p.reader, { q, current_subpath: 'services/api', explain: 'true' });
    expect(ids(forApi.items)).toEqual([api.id, web.id]);
    expect(forApi.items.map((i) => explained(i).subpath_boost)).toEqual([1.3, 1]);
    const forWeb = await recall(h, p, p.reader, { q, current_subpath: 'apps/web', explain: 'true' });
    expect(ids(forWeb.items)).toEqual([web.id, api.id]);
    const nested = await recall(h, p, p.reader, { q, current_subpath: 'apps/web/src', explain: 'true' });
    expect(ids(nested.items)).toEqual([web.id, api.id]);
    expect(nested.items.map((i) => explained(i).subpath_boost)).toEqual([1.15, 1]);
    const none = await recall(h, p, p.reader, { q, explain: 'true' });
    expect(none.items.map((i) => explained(i).subpath_boost)).toEqual([1, 1]);
  });

  it('explains every score part with explain=true and none without', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'decision', 'Explainable memory about rate limits');
    const page = await recall(h, p, p.reader, { q: 'rate limits', explain: 'true' });
    const parts = explained(page.items[0]!);
    expect(Object.keys(parts).sort()).toEqual(SCORE_PART_NAMES);
    expect(parts).toEqual({
      score: expect.any(Number),
      all_terms_matched: true,
      matched_terms: ['rate', 'limits'],
      coverage: 1,
      text_rank: expect.any(Number),
      identifier_match: false,
      type_weight: 1,
      recency: expect.any(Number),
      subpath_boost: 1,
      status_weight: 0.9,
    });
    expect(parts.score).toBeGreaterThan(0);
    expect(page.query).toEqual({ terms: ['rate', 'limits'], corrections: {}, candidates: 1 });
    for (const query of [{ q: 'rate limits' }, { q: 'rate limits', explain: 'false' }] as Array<
      Record<string, string>
    >) {
      const plain = await recall(h, p, p.reader, query);
      expect(plain.items).toHaveLength(1);
      expect(plain.items[0]).not.toHaveProperty('explain');
      expect(plain).not.toHaveProperty('query');
    }
  });

  it('answers nothing for a query of stop words only', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'note', 'The and of the with a is it');
    await created(h, p, p.writer, 'note', 'A memory that is about something');
    for (const q of ['the', 'the and of', 'A IS IT', '...', '!!!']) {
      const page = await recall(h, p, p.reader, { q });
      expect(page, q).toEqual({ items: [], next_cursor: null });
    }
    expect(await recall(h, p, p.reader, { q: 'the and', explain: 'true' })).toEqual({
      items: [],
      next_cursor: null,
      query: { terms: [], corrections: {}, candidates: 0 },
    });
  });

  it('pages ranked results with the cursor: no duplicates, no gaps, stable as time passes', async () => {
    const p = await freshProject(h, t);
    const types = ['decision', 'note', 'activity', 'constraint', 'caveat', 'summary', 'goal'];
    const made: MemoryWrite[] = [];
    for (const [i, type] of types.entries()) {
      h.clock.advance(3 * DAY);
      const extra = i % 2 ? ' and the nightly queue' : '';
      made.push(await created(h, p, p.writer, type, `Queue worker number ${i} drains the payments${extra}`));
    }
    // Equal scores among these (same type weight, same text): decided by id.
    made.push(await created(h, p, p.writer, 'goal', 'Payments queue worker drains'));
    made.push(await created(h, p, p.writer, 'active_work', 'Payments queue worker drains'));
    const query = { q: 'payments queue worker nightly', explain: 'true' };
    const whole = await recall(h, p, p.reader, { ...query, limit: '200' });
    expect(whole.items).toHaveLength(made.length);
    expect(whole.next_cursor).toBeNull();
    const seen: Recalled[] = [];
    let cursor: string | null = null;
    do {
      const page = await recall(h, p, p.reader, { ...query, limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.next_cursor;
      // Time passing between pages does not reorder what the cursor continues.
      h.clock.advance(30 * DAY);
    } while (cursor);
    expect(ids(seen)).toEqual(ids(whole.items));
    expect(new Set(ids(seen)).size).toBe(made.length);
    expect(seen.map((i) => explained(i).score)).toEqual(whole.items.map((i) => explained(i).score));
    // The tiers come first, then the score descends.
    const keys = whole.items.map(
      (i) => [explained(i).all_terms_matched ? 1 : 0, explained(i).score] as const,
    );
    for (let i = 1; i < keys.length; i++) {
      const [tierA, scoreA] = keys[i - 1]!;
      const [tierB, scoreB] = keys[i]!;
      expect(tierA > tierB || (tierA === tierB && scoreA >= scoreB)).toBe(true);
    }
  });

  it('orders equal scores deterministically by id, newest first', async () => {
    const p = await freshProject(h, t);
    const made: MemoryWrite[] = [];
    for (const type of ['decision', 'constraint']) {
      made.push(await created(h, p, p.writer, type, 'Tie breaking memory about sharding'));
    }
    for (const type of ['goal', 'active_work']) {
      made.push(await created(h, p, p.writer, type, 'Tie breaking memory about sharding'));
    }
    const first = await recall(h, p, p.reader, { q: 'sharding', explain: 'true' });
    const scores = first.items.map((i) => explained(i).score);
    expect(scores[0]).toBe(scores[1]);
    expect(scores[2]).toBe(scores[3]);
    expect(ids(first.items)).toEqual([
      ...byIdDesc([made[0]!.id, made[1]!.id]),
      ...byIdDesc([made[2]!.id, made[3]!.id]),
    ]);
    for (let i = 0; i < 3; i++) {
      expect(ids((await recall(h, p, p.reader, { q: 'sharding' })).items)).toEqual(ids(first.items));
    }
    expect(ids(await allPages(h, p, p.reader, { q: 'sharding' }, 1))).toEqual(ids(first.items));
  });

  it('does not recall rejected memories unless asked, and filters ranked results too', async () => {
    const p = await freshProject(h, t);
    const draft = await created(h, p, p.writer, 'decision', 'Store money as integer cents');
    const rejected = await created(h, p, p.maintainer, 'decision', 'Store money as floating point', {
      status: 'rejected',
    });
    const note = await created(h, p, p.writer, 'note', 'Money columns store cents');
    expect(ids((await recall(h, p, p.reader, { q: 'store money' })).items).sort()).toEqual(
      [draft.id, note.id].sort(),
    );
    const withRejected = await recall(h, p, p.reader, {
      q: 'store money',
      status: 'draft,rejected',
      explain: 'true',
    });
    expect(ids(withRejected.items)).toContain(rejected.id);
    expect(explained(withRejected.items.find((i) => i.id === rejected.id)!).status_weight).toBe(0.5);
    expect(ids((await recall(h, p, p.reader, { q: 'store money', type: 'note' })).items)).toEqual([note.id]);
    expect(ids((await recall(h, p, p.reader, { q: 'money', status: 'rejected' })).items)).toEqual([
      rejected.id,
    ]);
  });

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
