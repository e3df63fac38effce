/**
 * Matching and ranking a planned query against a project's index (pure computation, synchronous):
 * the documents the terms match (match-terms.ts) are ranked (ranking.ts, by score-recall.ts), and
 * the best `limit` after the cursor kept. Relevance within the text is BM25 over the terms' best
 * alternatives, each weighted by its rule (query-plan.ts).
 */
import type { TermMatch } from '../score-recall.ts';
import { clear, matchTerms } from './match-terms.ts';
import type { ProjectIndex } from './project-index.ts';
import type { PlannedTerm } from './query-plan.ts';
import { Ranking, type MatchFilters, type RankedDoc, type RankOptions } from './ranking.ts';

export type { MatchFilters, RankOptions } from './ranking.ts';

/** Queries of at most this many terms rank memories matching them all first. */
const ALL_TERMS_FIRST_UP_TO = 4;

export interface RankedPage {
  items: RankedDoc[];
  /**
   * Documents matching the query and the filters, the whole project's with `countAll`; without
   * it, those a common word matched after the page was settled are not counted.
   */
  matches: number;
  /** More documents rank after the last item. */
  more: boolean;
}

export function rankMatches(
  index: ProjectIndex,
  terms: PlannedTerm[],
  filters: MatchFilters,
  opts: RankOptions & { countAll?: boolean },
): RankedPage {
  const ranking = new Ranking(
    index,
    terms.map((t) => t.weight),
    filters,
    opts,
  );
  const s = matchTerms(index, terms, opts.countAll ? null : ranking.mayLeaveOut);
  // A long question is ranked by score alone: requiring every word first would put memories
  // that happen to share its filler above those that answer it.
  const full = terms.length <= ALL_TERMS_FIRST_UP_TO ? (1 << terms.length) - 1 : -1;
  let matches = 0;
  for (let i = 0; i < s.touchedCount; i++) {
    const doc = s.touched[i] ?? 0;
    if (!ranking.passes(doc)) continue;
    matches++;
    if (s.mask[doc] === full) ranking.offer(doc, 1, s);
  }
  // A page of documents matching every term leaves no room for the others.
  if (!ranking.fullOfTier(1)) {
    for (let i = 0; i < s.touchedCount; i++) {
      const doc = s.touched[i] ?? 0;
      if (s.mask[doc] !== full && ranking.passes(doc)) ranking.offer(doc, 0, s);
    }
  }
  clear(s);
  const top = ranking.top;
  return { items: top.slice(0, opts.limit), matches, more: top.length > opts.limit };
}

/**
 * How each matched term of `doc` matched: the first of its alternatives `doc` has, in the plan's
 * order, which puts the most exact rules first (an identifier as written before its joined form,
 * a word's stem before a longer word it begins).
 */
export function termMatches(index: ProjectIndex, terms: PlannedTerm[], doc: number): TermMatch[] {
  return terms.flatMap((term) => {
    const alt = term.alternatives.find((a) =>
      a.keys.every((key) => (index.postings.get(key)?.countOf(doc) ?? 0) > 0),
    );
    return alt ? [{ term: term.label, rule: alt.rule, word: alt.word }] : [];
  });
}
