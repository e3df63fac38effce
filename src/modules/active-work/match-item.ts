import type { Evidence } from './evidence.ts';
import type { ItemStatus } from './table.ts';
import { termOverlap } from './work-terms.ts';

/** What matching needs of an item. */
export interface Candidate {
  id: string;
  status: ItemStatus;
  subpath: string | null;
  branch: string | null;
  issueKeys: readonly string[];
  terms: readonly string[];
  lastEvidenceAt: Date;
}

/** The least overlap of terms (shared over the smaller set) for evidence to join an item by its words. */
export const TERM_OVERLAP_MIN = 0.5;
/** ...and the least number of terms shared. */
export const SHARED_TERMS_MIN = 2;

export type MatchRule =
  | { rule: 'issue_key'; issue_key: string }
  | { rule: 'branch'; branch: string }
  | { rule: 'terms'; score: number; shared: number };

const newestFirst = (a: Candidate, b: Candidate) =>
  b.lastEvidenceAt.getTime() - a.lastEvidenceAt.getTime() || (a.id < b.id ? 1 : -1);

/** Open items before closed ones, then the newest evidence first. */
const preferred = (a: Candidate, b: Candidate) =>
  Number(a.status === 'closed') - Number(b.status === 'closed') || newestFirst(a, b);

/** Sub-paths agree when they are equal, or one side has none (a CI run, a commit). */
const samePlace = (a: string | null, b: string | null) => a === null || b === null || a === b;

/**
 * Whether words alone may join evidence to an item: not when both name issue keys (none shared,
 * or the first rule would have matched) or both name working branches (different ones): those
 * say it is other work, however alike the words.
 */
const mayJoinByWords = (item: Candidate, evidence: Evidence) =>
  samePlace(item.subpath, evidence.subpath) &&
  (item.issueKeys.length === 0 || evidence.issueKeys.length === 0) &&
  (item.branch === null || evidence.branch === null || item.branch === evidence.branch);

/**
 * The item new evidence joins, and by which rule, in this order: an issue key both name; the same
 * working branch; else the most overlapping words (at least TERM_OVERLAP_MIN of the smaller set of
 * terms and SHARED_TERMS_MIN terms) within the same sub-path, unless issue keys or branches on both
 * sides say it is other work. Among several, open items win over
 * closed ones, then the one with the newest evidence. Null: it joins none.
 */
export function matchItem(
  evidence: Evidence,
  terms: readonly string[],
  candidates: readonly Candidate[],
): { item: Candidate; match: MatchRule } | null {
  for (const key of evidence.issueKeys) {
    const [item] = candidates.filter((c) => c.issueKeys.includes(key)).sort(preferred);
    if (item) return { item, match: { rule: 'issue_key', issue_key: key } };
  }
  if (evidence.branch) {
    const [item] = candidates.filter((c) => c.branch === evidence.branch).sort(preferred);
    if (item) return { item, match: { rule: 'branch', branch: evidence.branch } };
  }
  let best: { item: Candidate; score: number; shared: number } | null = null;
  for (const item of candidates) {
    if (!mayJoinByWords(item, evidence)) continue;
    const { score, shared } = termOverlap(item.terms, terms);
    if (score < TERM_OVERLAP_MIN || shared < SHARED_TERMS_MIN) continue;
    const better = !best || score > best.score || (score === best.score && preferred(item, best.item) < 0);
    if (better) best = { item, score, shared };
  }
  return best
    ? {
        item: best.item,
        match: { rule: 'terms', score: Math.round(best.score * 100) / 100, shared: best.shared },
      }
    : null;
}
