import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { created, freshProject, patched, projectIdIn } from './memories.fixtures.ts';
import { newestMemories, type NewestRead } from './newest-memories.ts';
import { freshIndex } from './recall-index/fresh-index.ts';

/**
 * The newest memories per type and status (what the context bundle reads) are given again while the
 * project's memories stay the same, and read anew as soon as any process changed one. "Another
 * process" is a ctx whose claims say it is not the database's only process: it must learn of the
 * harness's writes from the database, as a second server on PostgreSQL does.
 */
const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const READS: NewestRead[] = [
  { type: 'decision', status: 'draft', limit: 5 },
  { type: 'note', status: 'draft', limit: 5 },
];

/** A process that shares the database with others (its own recall indexes and kept answers). */
function otherProcess(ctx: Ctx): Ctx {
  return { ...ctx, claims: { ...ctx.claims, onlyProcess: false } };
}

describe('newest memories', () => {
  it('gives the same answer while nothing changed, and a new one after any change, in either process', async () => {
    const p = await freshProject(h, t);
    const first = await created(h, p, p.writer, 'decision', 'The wombat feeder runs on a cron at six');
    const id = await projectIdIn(h, p);
    const input = { projectId: id, reads: READS, chars: 600 };
    const local = h.ctxFor(p.reader);
    const other = otherProcess(local);

    // Before its recall index is loaded, the other process reads every time.
    const unindexed = await newestMemories(other, input);
    expect(unindexed.map((m) => m.id)).toEqual([first.id]);
    expect(await newestMemories(other, input)).not.toBe(unindexed);

    // A recall loads the process's index of the project (on PostgreSQL the harness's process is
    // not the only one either).
    for (const ctx of [local, other]) await freshIndex(ctx, id);
    const viaIndex = await newestMemories(other, input);
    expect(viaIndex.map((m) => m.id)).toEqual([first.id]);

    for (const ctx of [local, other]) {
      const answer = await newestMemories(ctx, input);
      expect(await newestMemories(ctx, input)).toBe(answer);
    }

    const second = await created(h, p, p.writer, 'note', 'The quokka enclosure opens at nine');
    await patched(h, p.writer, first.id, { evidence_ref: 'BILL-9' });
    for (const ctx of [local, other]) {
      const answer = await newestMemories(ctx, input);
      expect(answer.map((m) => m.id).sort()).toEqual([first.id, second.id].sort());
      expect(answer.find((m) => m.id === first.id)?.evidenceRef).toBe('BILL-9');
      expect(await newestMemories(ctx, input)).toBe(answer);
    }
  });
});
