import { describe, expect, it } from 'vitest';
import { MEMORY_TYPES } from '../../tenancy/index.ts';
import { ProjectIndex } from './project-index.ts';
import { planQuery } from './query-plan.ts';
import { rankMatches } from './rank-matches.ts';

/** A seeded corpus where word i is about i times rarer than word 1 (as in prose). */
function corpus(size: number) {
  let seed = 7;
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 0x1_0000_0000;
  const words = Array.from({ length: 300 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i}x`);
  const index = new ProjectIndex();
  for (let d = 0; d < size; d++) {
    const length = 10 + Math.floor(rand() * 20);
    const content = Array.from({ length }, () => words[Math.floor(words.length ** rand()) - 1]).join(' ');
    index.put({
      id: `m${String(d).padStart(5, '0')}`,
      version: 1,
      type: MEMORY_TYPES[d % MEMORY_TYPES.length] ?? 'note',
      status: rand() < 0.3 ? 'confirmed' : 'draft',
      flags: [],
      subpath: rand() < 0.5 ? 'services/api' : null,
      occurredAtMs: 1_700_000_000_000 - Math.floor(rand() * 700) * 86_400_000,
      createdAtMs: 1_700_000_000_000,
      content,
    });
  }
  return { index, words, rand };
}

describe('ranking', () => {
  it('gives the same page whether or not it leaves out documents that cannot reach it', () => {
    const { index, words, rand } = corpus(4000);
    let leftOut = 0;
    for (let q = 0; q < 150; q++) {
      // Common words beside rarer ones: what lets ranking leave documents out.
      const common = Array.from({ length: 1 + (q % 2) }, () => words[Math.floor(rand() * 3)]);
      const rarer = Array.from({ length: 1 + (q % 3) }, () => words[4 + Math.floor(rand() * 20)]);
      const query = [...common, ...rarer].join(' ');
      const terms = planQuery(index, query).terms;
      const limit = [1, 10, 50][q % 3] ?? 10;
      const filters = {
        statuses: ['draft', 'confirmed'] as const,
        ...(q % 4 === 0 ? { types: ['note' as const] } : {}),
      };
      const opts = { nowMs: 1_700_000_000_000, limit, ...(q % 2 ? { currentSubpath: 'services/api' } : {}) };
      const every = rankMatches(index, terms, filters, { ...opts, countAll: true });
      const pruned = rankMatches(index, terms, filters, opts);
      expect(
        pruned.items.map((i) => i.key),
        query,
      ).toEqual(every.items.map((i) => i.key));
      expect(pruned.more).toBe(every.more);
      if (pruned.matches < every.matches) leftOut++;
    }
    // The comparison means something only if documents were left out.
    expect(leftOut).toBeGreaterThan(20);
  });
});
