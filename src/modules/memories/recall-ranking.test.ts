import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { created, DAY, explained, freshProject, ids, recall, SCORE_PART_NAMES } from './memories.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
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
      matches: [
        { term: 'rate', rule: 'stem', word: 'rate' },
        { term: 'limits', rule: 'stem', word: 'limits' },
      ],
      coverage: 1,
      text_rank: expect.any(Number),
      identifier_match: false,
      type_weight: 1,
      recency: expect.any(Number),
      subpath_boost: 1,
      status_weight: 0.9,
      flag_weight: 1,
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
});

describe('GET /v1/memories with a question as an assistant asks it', () => {
  it('does not ask a question’s filler to match, and keeps the words that matter of a long one', async () => {
    const p = await freshProject(h, t);
    const answer = await created(
      h,
      p,
      p.writer,
      'constraint',
      'Label print jobs get five attempts before the dead letter queue',
    );
    await created(h, p, p.writer, 'note', 'Remember to tell the team when the printer firmware changes');
    const page = await recall(h, p, p.reader, {
      q: 'hey, I was wondering, can you remind me how many attempts a label print job gets before it lands in the dead letter queue?',
      explain: 'true',
    });
    expect(ids(page.items)[0]).toBe(answer.id);
    expect(page.query?.terms).not.toContain('remind');
    expect(page.query?.terms).not.toContain('wondering');
    expect(page.query?.terms).toEqual(expect.arrayContaining(['attempts', 'dead', 'letter', 'queue']));
  });

  it('ranks a long question by score alone: the rare words it shares count more than common ones', async () => {
    const p = await freshProject(h, t);
    for (let i = 0; i < 12; i++) {
      await created(h, p, p.writer, 'note', `The warehouse team reviewed the order dashboard on day ${i}`);
    }
    const common = await created(
      h,
      p,
      p.writer,
      'note',
      'The warehouse team changed the order dashboard colours',
    );
    const rare = await created(
      h,
      p,
      p.writer,
      'decision',
      'Rotterdam pallets above 1.8 m go to the mezzanine racks',
    );
    const page = await recall(h, p, p.reader, {
      q: 'where did the warehouse team decide the order dashboard should send tall Rotterdam pallets for the mezzanine',
      explain: 'true',
    });
    expect(ids(page.items)[0]).toBe(rare.id);
    const parts = explained(page.items[0]!);
    expect(parts.all_terms_matched).toBe(false);
    // Fewer words matched, but rarer ones: more of the query's weight.
    const commonParts = explained(page.items.find((i) => i.id === common.id)!);
    expect(parts.matched_terms.length).toBeLessThan(commonParts.matched_terms.length);
    expect(parts.coverage).toBeGreaterThan(commonParts.coverage);
  });
});
