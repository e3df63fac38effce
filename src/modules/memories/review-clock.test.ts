import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  created,
  DAY,
  expectInvalidAt,
  historyOf,
  ids,
  patched,
  patchMemory,
  readMemory,
  recall,
  remember,
} from './memories.fixtures.ts';
import { sweepReviews } from './review-sweep.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

/** A project in a workspace of its own, whose admin sets `days` as its review_after_days. */
async function placeWithDays(days: Record<string, number>): Promise<Team> {
  const ws = await h.workspace([
    [t.admin, 'admin'],
    [t.maintainer, 'member'],
    [t.writer, 'member'],
    [t.reader, 'member'],
  ]);
  const p = {
    ...t,
    ws,
    project: await h.project(ws, [
      [t.maintainer, 'maintainer'],
      [t.writer, 'writer'],
      [t.reader, 'reader'],
    ]),
  };
  await setDays(p, days);
  return p;
}

async function setDays(p: Team, days: Record<string, number>): Promise<void> {
  const res = await h.request('PATCH', `/v1/workspaces/${p.ws}`, {
    as: p.admin,
    body: { review_after_days: days },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().review_after_days).toEqual(days);
}

const sweep = () => sweepReviews(h.ctxFor(h.admin));

async function bundleShows(p: Team, q: string) {
  const res = await h.request('GET', '/v1/context/bundle', {
    as: p.reader,
    query: { workspace_key: p.ws, project_key: p.project, q },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().retrieval.results as Array<{ id: string; flags?: string[] }>;
}

describe('review_after_days', () => {
  it('marks a memory stale when read past its date, the sweep records it, and recall ranks it lower', async () => {
    const p = await placeWithDays({ activity: 30 });
    const old = await created(h, p, p.writer, 'activity', 'Moved the invoice PDFs to the archive bucket');
    expect(old.review_due_at).toBe(new Date(Date.parse(old.created_at) + 30 * DAY).toISOString());
    const note = await created(h, p, p.writer, 'note', 'The archive bucket keeps invoice PDFs for ten years');
    expect(note.review_due_at).toBeNull();
    h.clock.advance(31 * DAY);
    const fresh = await created(
      h,
      p,
      p.writer,
      'activity',
      'Moved the invoice PDFs to the archive bucket again',
    );

    // Decided when read, before any sweep.
    expect(await readMemory(h, old.id)).toMatchObject({
      flags: ['stale'],
      flag_notes: { stale: expect.stringContaining('passed') },
    });
    expect((await readMemory(h, note.id))?.flags).toEqual([]);
    expect(await historyOf(h, old.id)).toHaveLength(1);

    expect(await sweep()).toMatchObject({ marked: 1, cleared: 0 });
    expect(await sweep()).toMatchObject({ marked: 0, cleared: 0 });
    const [marked] = await historyOf(h, old.id);
    expect(marked).toMatchObject({ version: 2, flags: ['stale'], changed_by: null });
    expect(marked?.reason).toMatch(/^marked stale: review date .* passed$/);

    const page = await recall(h, p, p.reader, {
      q: 'invoice PDFs archive bucket',
      explain: 'true',
      type: 'activity',
    });
    expect(ids(page.items)).toEqual([fresh.id, old.id]);
    expect(page.items[1]?.explain?.flag_weight).toBe(0.75);
    expect(ids((await recall(h, p, p.reader, { flag: 'stale' })).items)).toEqual([old.id]);
  });

  it('restarts the clock when a bundle shows the memory, and clears stale with a version saying why', async () => {
    const p = await placeWithDays({ activity: 10 });
    const m = await created(h, p, p.writer, 'activity', 'Rotated the webhook signing secret for partners');
    h.clock.advance(11 * DAY);
    await sweep();
    const usedAt = h.clock.now().getTime();
    const shown = await bundleShows(p, 'webhook signing secret');
    expect(shown.find((i) => i.id === m.id)?.flags).toEqual(['stale']);
    const after = await readMemory(h, m.id);
    expect(after?.flags).toEqual([]);
    const restarted = Date.parse(after!.reviewed_at);
    expect(restarted).toBeGreaterThanOrEqual(usedAt);
    expect(Date.parse(after!.review_due_at!)).toBe(restarted + 10 * DAY);
    const [cleared] = await historyOf(h, m.id);
    expect(cleared).toMatchObject({ flags: [], reason: 'used in a context bundle: review clock restarted' });
    // Used again within the hour: nothing more is written.
    await bundleShows(p, 'webhook signing secret');
    expect((await historyOf(h, m.id)).length).toBe(3);
    // Used a week later: the clock moves, with no new version (it was not stale).
    h.clock.advance(7 * DAY);
    const weekLater = h.clock.now().getTime();
    await bundleShows(p, 'webhook signing secret');
    expect(Date.parse((await readMemory(h, m.id))!.reviewed_at)).toBeGreaterThanOrEqual(weekLater);
    expect((await historyOf(h, m.id)).length).toBe(3);
  });

  it("restarts the clock on a maintainer's confirmation, even of a confirmed memory", async () => {
    const p = await placeWithDays({ decision: 5 });
    const m = await created(h, p, p.maintainer, 'decision', 'Tenants are billed in their own currency', {
      status: 'confirmed',
    });
    h.clock.advance(6 * DAY);
    expect((await readMemory(h, m.id))?.flags).toEqual(['stale']);
    const confirmedAt = h.clock.now().getTime();
    const confirmed = await patched(h, p.maintainer, m.id, { status: 'confirmed' });
    expect(confirmed).toMatchObject({ flags: [], version: 1 });
    expect(Date.parse(confirmed.reviewed_at)).toBeGreaterThanOrEqual(confirmedAt);
    h.clock.advance(6 * DAY);
    await sweep();
    const again = await patched(h, p.maintainer, m.id, { status: 'confirmed' });
    expect(again).toMatchObject({ flags: [], version: 3 });
    expect((await historyOf(h, m.id))[0]?.reason).toBe('confirmed by a person');
    // A writer's PATCH of the same status is no confirmation.
    h.clock.advance(6 * DAY);
    expect((await patched(h, p.writer, m.id, { status: 'confirmed' })).flags).toEqual(['stale']);
  });

  it('clears stale marks when the workspace drops the days of a type', async () => {
    const p = await placeWithDays({ problem: 3 });
    const m = await created(h, p, p.writer, 'problem', 'Exports time out above 50k rows');
    h.clock.advance(4 * DAY);
    await sweep();
    await setDays(p, {});
    expect((await readMemory(h, m.id))?.flags).toEqual(['stale']);
    expect(await sweep()).toMatchObject({ cleared: 1 });
    expect(await readMemory(h, m.id)).toMatchObject({ flags: [], review_due_at: null });
    expect((await historyOf(h, m.id))[0]?.reason).toBe('no longer stale: its review date moved');
  });
});

describe('review_after', () => {
  it('a date a person set makes the memory stale past it; use does not move it, a new date does', async () => {
    const p = await placeWithDays({});
    const due = new Date(h.clock.now().getTime() + 2 * DAY).toISOString();
    const m = await created(
      h,
      p,
      p.writer,
      'caveat',
      'The tax service workaround holds until the Q1 release',
      {
        review_after: due,
      },
    );
    expect(m).toMatchObject({ review_after: due, review_due_at: due, flags: [] });
    h.clock.advance(3 * DAY);
    expect(await sweep()).toMatchObject({ marked: 1 });
    await bundleShows(p, 'tax service workaround');
    expect((await readMemory(h, m.id))?.flags).toEqual(['stale']);
    const later = new Date(h.clock.now().getTime() + 30 * DAY).toISOString();
    const moved = await patched(h, p.writer, m.id, { review_after: later });
    expect(moved).toMatchObject({ flags: [], review_after: later });
    const cleared = await patched(h, p.writer, m.id, { review_after: null });
    expect(cleared).toMatchObject({ review_after: null, review_due_at: null });
  });

  it('a date already past marks the memory stale as it is written: the review list finds it before any sweep', async () => {
    const p = await placeWithDays({});
    const past = new Date(h.clock.now().getTime() - DAY).toISOString();
    const born = await created(h, p, p.writer, 'caveat', 'The VAT rounding workaround holds until May', {
      review_after: past,
    });
    expect(born).toMatchObject({ flags: ['stale'], flag_notes: { stale: expect.stringContaining(past) } });
    const m = await created(h, p, p.writer, 'caveat', 'The currency feed is mirrored until June');
    const set = await patched(h, p.writer, m.id, { review_after: past });
    expect(set).toMatchObject({ flags: ['stale'], version: 2 });
    expect((await historyOf(h, m.id))[0]).toMatchObject({ flags: ['stale'], reason: null });
    expect(ids((await recall(h, p, p.reader, { flag: 'stale' })).items).sort()).toEqual(
      [born.id, m.id].sort(),
    );
    expect(await sweep()).toMatchObject({ marked: 0, cleared: 0 });
  });

  it('refuses a review date that is not an ISO 8601 date-time; nothing stored', async () => {
    const m = await created(h, t, t.writer, 'note', 'Review dates are checked');
    for (const bad of ['tomorrow', '2026-13-01T00:00:00Z', '10000-01-01T00:00:00Z', 42, true, '']) {
      expectInvalidAt(
        await remember(h, t, t.writer, { type: 'note', content: 'x', review_after: bad }),
        'body.review_after',
        String(bad),
      );
      expectInvalidAt(
        await patchMemory(h, t.writer, m.id, { review_after: bad }),
        'body.review_after',
        String(bad),
      );
    }
    expect((await readMemory(h, m.id))?.version).toBe(1);
  });
});
