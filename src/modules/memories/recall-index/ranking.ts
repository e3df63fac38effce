/**
 * The best `limit + 1` documents of a query (one more than a page, to tell whether another page
 * follows), among those passing its filters, by (all terms matched, score, id) as score-recall.ts
 * defines them. Most matches are dropped on a bound before their score is worked out.
 */
import { MEMORY_FLAGS, type MemoryStatus, type MemoryType } from '../../tenancy/index.ts';
import {
  compareRank,
  coverageOf,
  flagWeight,
  sharesOf,
  relevanceOf,
  scoreOf,
  STATUS_WEIGHTS,
  SUBPATH_BOOST,
  subpathBoost,
  TYPE_WEIGHTS,
  type RankKey,
} from '../score-recall.ts';
import type { MayLeaveOut, Scratch } from './match-terms.ts';
import { flagsOfMask, STATUS_CODES, TYPE_CODES, type ProjectIndex } from './project-index.ts';

/** textRank = s / (s + TEXT_RANK_HALF), s the mean BM25 of the terms: 0.5 at a strong match. */
const TEXT_RANK_HALF = 8;
/** Covers the rounding of a score (to 1e-6) when it is compared with a bound. */
const ROUNDING = 1e-6;

export interface MatchFilters {
  statuses: readonly MemoryStatus[];
  types?: readonly MemoryType[] | undefined;
  sinceMs?: number | undefined;
  /** Only documents carrying one of these flags (a flagMask). */
  flagMask?: number | undefined;
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

export class Ranking {
  readonly top: RankedDoc[] = [];
  private readonly size: number;
  private readonly statusOk = new Uint8Array(STATUS_CODES.length);
  private readonly typeOk = new Uint8Array(TYPE_CODES.length);
  private readonly boosts = new Map<string | null, number>();
  private readonly typeWeights = TYPE_CODES.map((type) => TYPE_WEIGHTS[type]);
  private readonly statusWeights = STATUS_CODES.map((status) => STATUS_WEIGHTS[status]);
  /** The weight of each mask of flags a document may carry (at most 1). */
  private readonly flagWeights = Array.from({ length: 1 << MEMORY_FLAGS.length }, (_, mask) =>
    flagWeight(flagsOfMask(mask)),
  );
  /** The most type x status x sub-path can multiply a relevance by. */
  private readonly topFactor: number;

  private readonly termCount: number;
  /** Each term's share of the query's weight (query-plan.ts): what matching it adds to coverage. */
  private readonly shares: number[];
  /** What a unit of weight adds to coverage (1 / the summed weights). */
  private readonly perWeight: number;

  constructor(
    private readonly index: ProjectIndex,
    weights: readonly number[],
    private readonly filters: MatchFilters,
    private readonly opts: RankOptions,
  ) {
    this.termCount = weights.length;
    this.shares = sharesOf(weights);
    const sum = weights.reduce((a, w) => a + w, 0);
    this.perWeight = sum > 0 ? 1 / sum : 1;
    this.size = opts.limit + 1;
    for (const status of filters.statuses) this.statusOk[STATUS_CODES.indexOf(status)] = 1;
    if (filters.types) for (const type of filters.types) this.typeOk[TYPE_CODES.indexOf(type)] = 1;
    else this.typeOk.fill(1);
    this.topFactor =
      Math.max(...this.typeWeights) *
      Math.max(...this.statusWeights) *
      (opts.currentSubpath ? SUBPATH_BOOST.same : 1);
  }

  passes(doc: number): boolean {
    const index = this.index;
    return (
      this.statusOk[index.statuses[doc] ?? 0] === 1 &&
      this.typeOk[index.types[doc] ?? 0] === 1 &&
      (this.filters.sinceMs === undefined || (index.createdAt[doc] ?? 0) >= this.filters.sinceMs) &&
      (this.filters.flagMask === undefined || ((index.flags[doc] ?? 0) & this.filters.flagMask) !== 0)
    );
  }

  /** The page is full of documents of `tier` or better. */
  fullOfTier(tier: number): boolean {
    const worst = this.top[this.size - 1];
    return worst !== undefined && worst.key[0] >= tier;
  }

  offer(doc: number, tier: number, s: Scratch): void {
    const worst = this.top.length >= this.size ? this.top[this.top.length - 1] : undefined;
    if (worst && tier < worst.key[0]) return;
    const index = this.index;
    const mask = s.mask[doc] ?? 0;
    const textRank = this.textRankOf(s.total[doc] ?? 0);
    const identifierMatch = s.exact[doc] === 1;
    const relevance = relevanceOf(this.coverageOf(mask), textRank, identifierMatch);
    const typeWeight = this.typeWeights[index.types[doc] ?? 0] ?? 0;
    const statusWeight = this.weightOf(doc);
    // Most matches cannot reach a full page even at the best age and place: no more work on them.
    if (worst && tier === worst.key[0]) {
      const ceiling =
        relevance * typeWeight * (this.opts.currentSubpath ? SUBPATH_BOOST.same : 1) * statusWeight;
      if (ceiling + ROUNDING < worst.key[1]) return;
    }
    const score = this.scoreOf(doc, relevance, typeWeight, statusWeight);
    if (worst && tier === worst.key[0] && score < worst.key[1]) return;
    const key: RankKey = [tier, score, index.idOf(doc)];
    if (this.opts.after && compareRank(key, this.opts.after) <= 0) return;
    keepBest(this.top, { doc, key, mask, textRank, identifierMatch }, this.size);
  }

  /**
   * For match-terms.ts: documents matching only the alternatives left to read cannot reach the
   * page once a page of those found so far scores above the most those alternatives could give
   * (and they cannot match every term, which would rank them first). Scores only grow as
   * alternatives are read, so the scores so far are a floor. Not with a cursor: a document's
   * score could carry it past the cursor, out of the page.
   */
  readonly mayLeaveOut: MayLeaveOut = (s, remaining) => {
    if (this.opts.after || remaining.count >= this.termCount) return false;
    const ceiling =
      this.topFactor *
      relevanceOf(remaining.weight * this.perWeight, this.textRankOf(remaining.ceiling), remaining.exact);
    return ceiling + ROUNDING < this.floorOfPage(s, ceiling + ROUNDING);
  };

  /**
   * The `size`-th best score among the documents found so far, or `least` if fewer than a page
   * score above it (documents that cannot are not scored).
   */
  private floorOfPage(s: Scratch, least: number): number {
    const best = new Float64Array(this.size).fill(least); // ascending: best[0] the lowest
    const index = this.index;
    for (let i = 0; i < s.touchedCount; i++) {
      const doc = s.touched[i] ?? 0;
      if (!this.passes(doc)) continue;
      const relevance = relevanceOf(
        this.coverageOf(s.mask[doc] ?? 0),
        this.textRankOf(s.total[doc] ?? 0),
        s.exact[doc] === 1,
      );
      const typeWeight = this.typeWeights[index.types[doc] ?? 0] ?? 0;
      const statusWeight = this.weightOf(doc);
      const low = best[0] ?? least;
      if (relevance * typeWeight * this.topFactor * statusWeight + ROUNDING < low) continue;
      const score = this.scoreOf(doc, relevance, typeWeight, statusWeight);
      if (score <= low) continue;
      let at = 0;
      while (at + 1 < best.length && (best[at + 1] ?? 0) < score) {
        best[at] = best[at + 1] ?? 0;
        at++;
      }
      best[at] = score;
    }
    return best[0] ?? least;
  }

  /** The document's status weight times its flags' weight. */
  private weightOf(doc: number): number {
    const index = this.index;
    return (
      (this.statusWeights[index.statuses[doc] ?? 0] ?? 0) * (this.flagWeights[index.flags[doc] ?? 0] ?? 1)
    );
  }

  /** The share of the query's weight the terms of `mask` carry. */
  private coverageOf(mask: number): number {
    return coverageOf(mask, this.shares);
  }

  private textRankOf(total: number): number {
    const mean = total / this.termCount;
    return mean / (mean + TEXT_RANK_HALF);
  }

  private scoreOf(doc: number, relevance: number, typeWeight: number, statusWeight: number): number {
    const index = this.index;
    return scoreOf(
      relevance,
      typeWeight,
      statusWeight,
      this.opts.currentSubpath ? this.boostOf(index.subpaths[doc] ?? null) : 1,
      index.occurredAt[doc] ?? 0,
      this.opts.nowMs,
    );
  }

  /** The sub-path boost, worked out once per distinct sub-path in a query. */
  private boostOf(subpath: string | null): number {
    let boost = this.boosts.get(subpath);
    if (boost === undefined) {
      boost = subpathBoost(subpath, this.opts.currentSubpath);
      this.boosts.set(subpath, boost);
    }
    return boost;
  }
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
