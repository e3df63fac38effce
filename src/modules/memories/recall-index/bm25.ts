/**
 * BM25 of a term in a document: idf * c * (K1 + 1) / (c + K1 * (1 - B + B * length / average)).
 * Below idf * (K1 + 1) whatever the count and length: the ceiling pruning works from.
 */
import type { Postings } from './postings.ts';
import type { ProjectIndex } from './project-index.ts';
import type { Alternative } from './query-plan.ts';

export const K1 = 1.2;
export const B = 0.75;

/**
 * Above 0 for every term: a list may still hold dead documents (until compaction), so it counts
 * as no longer than the live documents.
 */
export function idfOf(index: ProjectIndex, list: Postings): number {
  const n = Math.min(list.size, index.liveCount);
  return Math.log(1 + (index.liveCount - n + 0.5) / (n + 0.5));
}

/** The most an alternative can add to a document's total (its weighted mean BM25 of its keys). */
export function alternativeCeiling(index: ProjectIndex, alt: Alternative): number {
  let sum = 0;
  for (const key of alt.keys) {
    const list = index.postings.get(key);
    if (!list || list.size === 0) return 0;
    sum += idfOf(index, list) * (K1 + 1);
  }
  return (alt.weight * sum) / alt.keys.length;
}
