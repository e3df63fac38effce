import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { created, DAY, freshProject, patched, recall, projectIdIn } from './memories.fixtures.ts';
import { freshIndex } from './recall-index/fresh-index.ts';
import { ProjectIndex } from './recall-index/project-index.ts';
import { keepNewestRows, newestDocs, recallPageRows } from './recall-page-rows.ts';
import type { Db } from '../../platform/db/database.ts';

/**
 * A recall's page rows: kept by version, and the project's newest read ahead once its index is
 * loaded, so that a first answer among them runs no statement, and a changed memory is never
 * answered from an older row.
 */
const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

/** `ctx` whose database refuses every statement: what answers from it ran none. */
function withoutStatements(ctx: Ctx): Ctx {
  const refuse = () => {
    throw new Error('a statement ran');
  };
  return { ...ctx, db: new Proxy({} as Db, { get: refuse }) };
}

describe('recall page rows', () => {
  it("reads the newest memories' rows ahead, then answers them and recalls without a statement", async () => {
    const p = await freshProject(h, t);
    h.clock.advance(-30 * DAY);
    const written = [];
    for (let i = 0; i < 12; i++) {
      written.push(await created(h, p, p.writer, 'note', `The numbat feeder ${i} is refilled weekly`));
      h.clock.advance(DAY);
    }
    // The first recall loads the index and starts the read-ahead.
    expect((await recall(h, p, p.reader, { q: 'numbat', limit: '1' })).items).toHaveLength(1);
    const ctx = h.ctxFor(p.reader);
    const index = await freshIndex(ctx, await projectIdIn(h, p));
    await keepNewestRows(ctx, index);

    const ids = written.map((m) => m.id);
    const rows = await recallPageRows(withoutStatements(ctx), index, ids);
    expect([...rows.keys()].sort()).toEqual([...ids].sort());
    expect(rows.get(ids[3]!)?.content).toBe('The numbat feeder 3 is refilled weekly');
  });

  it('answers a changed memory from its new version, never from the row read ahead', async () => {
    const p = await freshProject(h, t);
    const kept = await created(h, p, p.writer, 'note', 'The echidna pen gate sticks in the rain');
    expect((await recall(h, p, p.reader, { q: 'echidna' })).items).toHaveLength(1);
    const ctx = h.ctxFor(p.reader);
    await keepNewestRows(ctx, await freshIndex(ctx, await projectIdIn(h, p)));

    await patched(h, p.writer, kept.id, { content: 'The echidna pen gate was replaced in May' });
    const page = await recall(h, p, p.reader, { q: 'echidna' });
    expect(page.items.map((m) => [m.id, m.content, m.version])).toEqual([
      [kept.id, 'The echidna pen gate was replaced in May', 2],
    ]);
  });

  it('picks the live documents that happened last, newest first, whatever order they came in', () => {
    const index = new ProjectIndex();
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 3000; i++) {
      index.put({
        id: `m${i}`,
        version: 1,
        type: 'note',
        status: 'draft',
        flags: [],
        subpath: null,
        // Mostly in arrival order, a third of them from long before (imports).
        occurredAtMs: i % 3 === 0 ? next() % 1_000_000 : 2_000_000 + i * 10 + (next() % 25),
        createdAtMs: 0,
        content: `entry ${i}`,
      });
    }
    for (let i = 0; i < 3000; i += 7) index.remove(`m${i}`);
    const live = Array.from({ length: index.size }, (_, doc) => doc).filter((doc) => index.live[doc]);
    const at = (doc: number) => index.occurredAt[doc] ?? 0;
    const sorted = [...live].sort((a, b) => at(b) - at(a));
    for (const count of [1, 100, 2500, 5000]) {
      expect(newestDocs(index, count).map(at), `count ${count}`).toEqual(sorted.slice(0, count).map(at));
    }
  });
});
