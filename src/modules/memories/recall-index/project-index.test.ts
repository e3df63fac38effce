import { describe, expect, it } from 'vitest';
import { ProjectIndex, type IndexedMemory } from './project-index.ts';
import { planQuery } from './query-plan.ts';
import { rankMatches } from './rank-matches.ts';

const memory = (id: string, content: string, version = 1): IndexedMemory => ({
  id,
  version,
  type: 'note',
  status: 'draft',
  flags: [],
  subpath: null,
  occurredAtMs: 1_700_000_000_000,
  createdAtMs: 1_700_000_000_000,
  content,
});

const found = (index: ProjectIndex, q: string, limit = 5000) =>
  rankMatches(
    index,
    planQuery(index, q).terms,
    { statuses: ['draft'] },
    { nowMs: 1_700_000_000_000, limit },
  ).items.map((i) => i.key[2]);

describe('a project index', () => {
  it('compacts once enough documents are dead, and matches the same afterwards', () => {
    const index = new ProjectIndex();
    for (let i = 0; i < 1500; i++) index.put(memory(`m${i}`, `numbat burrow number ${i}`));
    for (let i = 0; i < 1100; i++) index.remove(`m${i}`);
    // Compacted when 1,000 of 1,500 were dead (500 renumbered); the next 100 stay marked.
    expect(index.size).toBe(500);
    expect(index.liveCount).toBe(400);
    expect(index.postings.get('numbat')?.size).toBe(500);
    expect(new Set(found(index, 'numbat'))).toEqual(
      new Set(Array.from({ length: 400 }, (_, i) => `m${1100 + i}`)),
    );
    index.put(memory('m1499', 'echidna only now', 2));
    expect(found(index, 'echidna')).toEqual(['m1499']);
    expect(found(index, 'numbat')).toHaveLength(399);
    expect(index.versionOf('m1499')).toBe(2);
  });

  it('replaces a memory it indexes again, and forgets a removed one', () => {
    const index = new ProjectIndex();
    index.put(memory('a', 'the platypus feeder'));
    index.put(memory('a', 'the echidna feeder', 2));
    expect(found(index, 'platypus')).toEqual([]);
    expect(found(index, 'feeder')).toEqual(['a']);
    index.remove('a');
    expect(found(index, 'feeder')).toEqual([]);
    expect(index.liveCount).toBe(0);
  });
});
