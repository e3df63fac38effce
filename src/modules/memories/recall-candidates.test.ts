import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { projects } from '../projects/table.ts';
import { workspaces } from '../workspaces/table.ts';
import { allPages, created, DAY, freshProject, ids, recall } from './memories.fixtures.ts';
import { CANDIDATE_LIMIT } from './recall-candidates.ts';
import { storeMemories } from './store-memories.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

/** Stores `count` memories mentioning `word` at the harness clock's time, straight through the verb. */
async function storeMany(p: Team, word: string, count: number, label: string): Promise<string[]> {
  const [project] = await h.database.db
    .select({ id: projects.id, key: projects.key, workspaceId: workspaces.id, workspaceKey: workspaces.key })
    .from(projects)
    .innerJoin(workspaces, eq(projects.workspaceId, workspaces.id))
    .where(and(eq(workspaces.key, p.ws), eq(projects.key, p.project)));
  const drafts = Array.from({ length: count }, (_, i) => ({
    type: 'note' as const,
    content: `The ${word} ledger entry ${label} number ${i}`,
    status: 'draft' as const,
    source: 'human' as const,
    metadata: {},
    evidenceRef: null,
  }));
  const stored = await storeMemories({ ctx: h.ctxFor(p.writer), input: { project: project!, drafts } });
  return stored.map((s) => s.row.id);
}

describe('recall candidates across the recent window', () => {
  it('finds matches of every age: years old, months old, new, and written by a clock running ahead', async () => {
    const p = await freshProject(h, t);
    h.clock.advance(-730 * DAY);
    const ancient = await created(h, p, p.writer, 'decision', 'The quokka burrow stays read-only');
    h.clock.advance(580 * DAY);
    const older = await created(h, p, p.writer, 'note', 'A quokka sighting was logged');
    h.clock.advance(150 * DAY);
    const fresh = await created(h, p, p.writer, 'decision', 'Every quokka burrow gets a census');
    h.clock.advance(40 * DAY);
    const ahead = await created(h, p, p.writer, 'note', 'The burrow map was redrawn');
    h.clock.advance(-40 * DAY);

    const one = await recall(h, p, p.reader, { q: 'quokka' });
    expect(new Set(ids(one.items))).toEqual(new Set([ancient.id, older.id, fresh.id]));
    const both = await recall(h, p, p.reader, { q: 'quokka burrow' });
    expect(ids(both.items).slice(0, 2)).toEqual([fresh.id, ancient.id]);
    expect(new Set(ids(both.items).slice(2))).toEqual(new Set([older.id, ahead.id]));
  });

  it('ranks exactly the newest matches when they straddle the window', async () => {
    const p = await freshProject(h, t);
    h.clock.advance(-365 * DAY);
    const old = await storeMany(p, 'wombat', 60, 'old');
    h.clock.advance(355 * DAY);
    const recent = await storeMany(p, 'wombat', 150, 'recent');
    h.clock.advance(10 * DAY);

    const page = await recall(h, p, p.reader, { q: 'wombat', explain: 'true', limit: '1' });
    expect(page.query?.candidates).toBe(CANDIDATE_LIMIT);
    const all = await allPages(h, p, p.reader, { q: 'wombat' }, 100);
    const expected = [...recent, ...old.slice(old.length - (CANDIDATE_LIMIT - recent.length))];
    expect(new Set(ids(all))).toEqual(new Set(expected));
  });
});
