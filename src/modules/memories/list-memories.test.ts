import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  allPages,
  byIdDesc,
  created,
  DAY,
  explained,
  freshProject,
  ids,
  recall,
  type MemoryWrite,
  type Recalled,
} from './memories.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

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
});
