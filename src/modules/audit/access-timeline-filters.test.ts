import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import {
  HOUR,
  ids,
  tellAccessTimelineStory,
  type AccessEvent,
  type AccessTimelineStory,
} from './audit-scenario.fixtures.ts';

const h = useHarness();
let story: AccessTimelineStory;

beforeAll(async () => {
  story = await tellAccessTimelineStory(h);
});

describe('GET /v1/audit/access-timeline', () => {
  it('filters by project, target user, source and action', async () => {
    const { outsider, alice, bob, projectP, projectQ, all, allPages } = story;
    const cases: Array<[Record<string, string>, (e: AccessEvent) => boolean, number]> = [
      [{ project_key: projectP }, (e) => e.project_key === projectP, 6],
      [{ project_key: projectQ }, (e) => e.project_key === projectQ, 2],
      [{ project_key: 'codehost:acme/none' }, () => false, 0],
      [{ user_id: alice.id }, (e) => e.target_user.id === alice.id, 4],
      [{ user_id: bob.id }, (e) => e.target_user.id === bob.id, 6],
      [{ user_id: outsider.id }, () => false, 0],
      [{ user_id: 'usr_00000000000000000000000000' }, () => false, 0],
      [{ source: 'manual' }, (e) => e.source === 'manual', 12],
      [{ source: 'codehost' }, (e) => e.source === 'codehost', 2],
      [{ source: 'oidc' }, (e) => e.source === 'oidc', 1],
      [{ source: 'system' }, (e) => e.source === 'system', 1],
      [{ action: 'add' }, (e) => e.change === 'add', 10],
      [{ action: 'change' }, (e) => e.change === 'change', 2],
      [{ action: 'remove' }, (e) => e.change === 'remove', 4],
      [
        { project_key: projectP, action: 'change' },
        (e) => e.project_key === projectP && e.change === 'change',
        2,
      ],
      [
        { project_key: projectP, action: 'change', source: 'manual' },
        (e) => e.project_key === projectP && e.change === 'change' && e.source === 'manual',
        1,
      ],
      [
        { user_id: bob.id, action: 'remove', project_key: projectQ },
        (e) => e.target_user.id === bob.id && e.change === 'remove' && e.project_key === projectQ,
        1,
      ],
    ];
    for (const [query, keep, n] of cases) {
      const items = await allPages(query);
      expect(ids(items), JSON.stringify(query)).toEqual(ids(all.filter(keep)));
      expect(items.length, JSON.stringify(query)).toBe(n);
    }
    expect(all.filter((e) => e.change === 'change').map((e) => e.action)).toEqual([
      'access.project_member.role_changed',
      'access.project_member.role_changed',
    ]);
  });

  it('filters by date range, both ends inclusive', async () => {
    const { alice, projectP, mark, all, allPages } = story;
    const inPhases = (from: number, to: number) => (e: AccessEvent) => {
      const t = new Date(e.created_at).getTime();
      return t >= mark[from]!.getTime() && t < mark[to]!.getTime();
    };
    const iso = (d: Date) => d.toISOString();
    const before = (d: Date) => new Date(d.getTime() - 1).toISOString();
    const cases: Array<[Record<string, string>, (e: AccessEvent) => boolean, number]> = [
      [{ from: iso(mark[3]!), to: before(mark[5]!) }, inPhases(3, 5), 4],
      [{ from: iso(mark[6]!) }, inPhases(6, 8), 4],
      [{ to: before(mark[1]!) }, inPhases(0, 1), 3],
      [{ from: iso(mark[1]!), to: before(mark[2]!) }, inPhases(1, 2), 1],
      [{ from: iso(mark[5]!), to: before(mark[6]!), source: 'manual' }, inPhases(5, 6), 3],
      [{ from: iso(mark[8]!) }, () => false, 0],
      [{ to: '2000-01-01T00:00:00Z' }, () => false, 0],
    ];
    for (const [query, keep, n] of cases) {
      const items = await allPages(query);
      expect(ids(items), JSON.stringify(query)).toEqual(ids(all.filter(keep)));
      expect(items.length, JSON.stringify(query)).toBe(n);
    }
    // Exact timestamps: an event at `from` or at `to` is included.
    const [e6, e5] = all.filter(
      (e) => e.target_user.id === alice.id && e.project_key === projectP && e.source === 'manual',
    );
    expect(ids(await allPages({ from: e5!.created_at, to: e6!.created_at }))).toEqual([e6!.id, e5!.id]);
    expect(ids(await allPages({ from: e5!.created_at, to: e5!.created_at }))).toEqual([e5!.id]);
    // An offset other than Z names the same instant.
    const plus2 = new Date(mark[6]!.getTime() + 2 * HOUR).toISOString().replace('Z', '+02:00');
    expect(ids(await allPages({ from: plus2 }))).toEqual(ids(all.filter(inPhases(6, 8))));
  });

  it('pages with limit and cursor: no duplicates, no gaps', async () => {
    const { bob, mark, all, timeline, allPages } = story;
    for (const limit of [1, 2, 3, 5, all.length - 1, all.length, all.length + 1]) {
      expect(ids(await allPages({}, limit)), `limit ${limit}`).toEqual(ids(all));
    }
    const manual = all.filter((e) => e.source === 'manual');
    expect(ids(await allPages({ source: 'manual' }, 2))).toEqual(ids(manual));
    expect(ids(await allPages({ user_id: bob.id, from: mark[4]!.toISOString() }, 1))).toEqual(
      ids(all.filter((e) => e.target_user.id === bob.id)),
    );
    const first = await timeline({ limit: '3' });
    expect(first.items).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const exact = await timeline({ limit: String(all.length) });
    expect(exact.next_cursor).toBeNull();
    // The default page size (50) holds the whole story.
    expect((await timeline({})).items).toHaveLength(all.length);
  });
});
