/**
 * Matching and ranking a planned query against a project's index (pure computation, synchronous):
 * every live document matching at least one term is scored (score-recall.ts), and the best
 * `limit` after the cursor are kept. Relevance within the text is BM25 over the terms' best
 * alternatives, each weighted by its rule (query-plan.ts). Scratch arrays are reused between
 * queries: the work never yields, so no two queries share them at once.
 */
import type { MemoryStatus, MemoryType } from '../vocabulary.ts';
import { compareRank, scoreOf, type RankKey, type TermMatch } from '../score-recall.ts';
import type { Postings } from './postings.ts';
import { STATUS_CODES, TYPE_CODES, type ProjectIndex } from './project-index.ts';
import type { Alternative, PlannedTerm } from './query-plan.ts';

const K1 = 1.2;
const B = 0.75;
/** textRank = s / (s + TEXT_RANK_HALF), s the mean BM25 of the terms: 0.5 at a typical match. */
const TEXT_RANK_HALF = 3;

export interface MatchFilters {
  statuses: readonly MemoryStatus[];
  types?: readonly MemoryType[] | undefined;
  sinceMs?: number | undefined;
}

export interface RankOptions {
  nowMs: number;
  currentSubpath?: string | undefined;
  limit: number;
  /** Only documents ranking after this key (the cursor of the previous page). */
  after?: RankKey | undefined;
}

export interface RankedDoc {
  doc: number;
  key: RankKey;
  mask: number;
  textRank: number;
  identifierMatch: boolean;
}

export interface RankedPage {
  items: RankedDoc[];
  /** Documents matching the query and the filters (the whole project, not just this page). */
  matches: number;
  /** More documents rank after the last item. */
  more: boolean;
}

interface Scratch {
  total: Float64Array;
  best: Float64Array;
  mask: Int32Array;
  exact: Uint8Array;
}
const scratches = new WeakMap<ProjectIndex, Scratch>();

function scratchOf(index: ProjectIndex): Scratch {
  const known = scratches.get(index);
  if (known && known.total.length >= index.size) return known;
  const n = Math.max(1024, index.size * 2);
  const made = {
    total: new Float64Array(n),
    best: new Float64Array(n),
    mask: new Int32Array(n),
    exact: new Uint8Array(n),
  };
  scratches.set(index, made);
  return made;
}

const idfOf = (index: ProjectIndex, list: Postings) =>
  Math.log(1 + (index.liveCount - list.size + 0.5) / (list.size + 0.5));

const bm25 = (index: ProjectIndex, count: number, doc: number, idf: number) =>
  (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * (index.lengths[doc] ?? 0)) / index.averageLength));

export function rankMatches(
  index: ProjectIndex,
  terms: PlannedTerm[],
  filters: MatchFilters,
  opts: RankOptions,
): RankedPage {
  const s = scratchOf(index);
  const touched: number[] = [];
  terms.forEach((term, t) => {
    const termTouched: number[] = [];
    for (const alt of term.alternatives) matchAlternative(index, alt, s.best, termTouched);
    for (const doc of termTouched) {
      if (s.mask[doc] === 0) touched.push(doc);
      s.total[doc] = (s.total[doc] ?? 0) + (s.best[doc] ?? 0);
      s.mask[doc] = (s.mask[doc] ?? 0) | (1 << t);
      s.best[doc] = 0;
    }
    const exact = term.exact ? index.postings.get(term.exact) : undefined;
    // Only documents this term touched (live ones), so the reset below finds every flag it set.
    for (let i = 0; exact && i < exact.size; i++)
      if (s.mask[exact.docs[i] ?? 0] !== 0) s.exact[exact.docs[i] ?? 0] = 1;
  });

  const statuses = new Set(filters.statuses.map((x) => STATUS_CODES.indexOf(x)));
  const types = filters.types ? new Set(filters.types.map((x) => TYPE_CODES.indexOf(x))) : null;
  const full = (1 << terms.length) - 1;
  const top: RankedDoc[] = [];
  let matches = 0;
  for (const doc of touched) {
    if (!statuses.has(index.statuses[doc] ?? 0)) continue;
    if (types && !types.has(index.types[doc] ?? 0)) continue;
    if (filters.sinceMs !== undefined && (index.createdAt[doc] ?? 0) < filters.sinceMs) continue;
    matches++;
    const mask = s.mask[doc] ?? 0;
    const mean = (s.total[doc] ?? 0) / terms.length;
    const textRank = mean / (mean + TEXT_RANK_HALF);
    const identifierMatch = s.exact[doc] === 1;
    const score = scoreOf(
      popcount(mask) / terms.length,
      textRank,
      identifierMatch,
      index.typeOf(doc),
      index.statusOf(doc),
      index.subpaths[doc] ?? null,
      index.occurredAt[doc] ?? 0,
      opts,
    );
    const tier = (mask & full) === full ? 1 : 0;
    // Most matches rank below a full page: they are dropped before a key is made for them.
    const worst = top.length > opts.limit ? top[top.length - 1] : undefined;
    if (worst && (tier < worst.key[0] || (tier === worst.key[0] && score < worst.key[1]))) continue;
    const key: RankKey = [tier, score, index.idOf(doc)];
    if (opts.after && compareRank(key, opts.after) <= 0) continue;
    keepBest(top, { doc, key, mask, textRank, identifierMatch }, opts.limit + 1);
  }
  for (const doc of touched) {
    s.total[doc] = 0;
    s.mask[doc] = 0;
    s.exact[doc] = 0;
  }
  return { items: top.slice(0, opts.limit), matches, more: top.length > opts.limit };
}

/** Raises `best[doc]` to this alternative's weighted BM25 for every live document it matches. */
function matchAlternative(
  index: ProjectIndex,
  alt: Alternative,
  best: Float64Array,
  touched: number[],
): void {
  const lists = alt.keys.map((k) => index.postings.get(k));
  if (lists.some((l) => l === undefined || l.size === 0)) return;
  const sorted = (lists as Postings[]).slice().sort((a, b) => a.size - b.size);
  const [driver, ...others] = sorted as [Postings, ...Postings[]];
  const idfs = sorted.map((l) => idfOf(index, l));
  for (let i = 0; i < driver.size; i++) {
    const doc = driver.docs[i] ?? 0;
    if (!index.live[doc]) continue;
    let sum = bm25(index, driver.counts[i] ?? 0, doc, idfs[0] ?? 0);
    let all = true;
    for (let j = 0; j < others.length && all; j++) {
      const count = others[j]?.countOf(doc) ?? 0;
      if (count === 0) all = false;
      else sum += bm25(index, count, doc, idfs[j + 1] ?? 0);
    }
    if (!all) continue;
    const value = (alt.weight * sum) / alt.keys.length;
    if (best[doc] === 0) touched.push(doc);
    if (value > (best[doc] ?? 0)) best[doc] = value;
  }
}

/** How each matched term of `doc` matched: its best alternative's rule and word. */
export function termMatches(index: ProjectIndex, terms: PlannedTerm[], doc: number): TermMatch[] {
  return terms.flatMap((term) => {
    let found: { alt: Alternative; value: number } | null = null;
    for (const alt of term.alternatives) {
      let sum = 0;
      for (const key of alt.keys) {
        const list = index.postings.get(key);
        const count = list?.countOf(doc) ?? 0;
        if (!list || count === 0) {
          sum = 0;
          break;
        }
        sum += bm25(index, count, doc, idfOf(index, list));
      }
      const value = (alt.weight * sum) / alt.keys.length;
      if (value > 0 && (!found || value > found.value)) found = { alt, value };
    }
    return found ? [{ term: term.label, rule: found.alt.rule, word: found.alt.word }] : [];
  });
}

/** Inserts `item` into `top` (sorted best first), keeping at most `size`. */
function keepBest(top: RankedDoc[], item: RankedDoc, size: number): void {
  const last = top[top.length - 1];
  if (top.length >= size && last && compareRank(item.key, last.key) >= 0) return;
  let at = top.length;
  for (let before = top[at - 1]; before && compareRank(item.key, before.key) < 0; before = top[at - 1]) at--;
  top.splice(at, 0, item);
  if (top.length > size) top.pop();
}

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
