import type { ScoreParts } from './memory-answers.ts';
import type { MemoryFlag, MemoryStatus, MemoryType } from './table.ts';

/**
 * How recall orders matches (pure, so `explain=true` can show every part): memories matching all
 * query terms first, then by score = relevance x type weight x recency x subpath boost x status x
 * flags.
 */
export const TYPE_WEIGHTS: Record<MemoryType, number> = {
  decision: 1,
  constraint: 1,
  caveat: 0.95,
  problem: 0.9,
  goal: 0.85,
  active_work: 0.85,
  summary: 0.8,
  note: 0.75,
  activity: 0.65,
};
export const STATUS_WEIGHTS: Record<MemoryStatus, number> = {
  confirmed: 1,
  draft: 0.9,
  rejected: 0.5,
  superseded: 0.5,
};
/** A flag asking for review lowers a memory (never hides it); their weights multiply. */
const FLAG_WEIGHTS: Record<MemoryFlag, number> = {
  stale: 0.75,
  needs_review: 0.85,
  instruction_like: 1,
};

export function flagWeight(flags: readonly MemoryFlag[]): number {
  return flags.reduce((w, f) => w * FLAG_WEIGHTS[f], 1);
}
const RECENCY_HALF_LIFE_DAYS = 120;
/** Old memories keep this share of their weight: a two-year-old decision still counts. */
const RECENCY_FLOOR = 0.6;
export const SUBPATH_BOOST = { same: 1.3, related: 1.15 };

export interface RecallCandidate {
  id: string;
  type: MemoryType;
  status: MemoryStatus;
  flags: readonly MemoryFlag[];
  subpath: string | null;
  /** When what it says happened (its `occurred_at`): recency counts from it. */
  occurredAtMs: number;
  /** ts_rank_cd of the any-term query, normalized to 0..1. */
  textRank: number;
  /** Bit i set: term i matched. */
  matchedMask: number;
  /** An identifier of the query matched exactly as written. */
  identifierMatch: boolean;
  /** How each matched term matched (rule and word), for `explain`. */
  matches?: TermMatch[];
}

export interface TermMatch {
  term: string;
  rule: string;
  word: string;
}

export interface Scored {
  id: string;
  parts: ScoreParts;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const DAY_MS = 86_400_000;

/** The boost of a memory of `memorySubpath` for a client in `current` (same, related or none). */
export function subpathBoost(memorySubpath: string | null, current: string | undefined): number {
  if (!current || !memorySubpath) return 1;
  if (memorySubpath === current) return SUBPATH_BOOST.same;
  const related = current.startsWith(`${memorySubpath}/`) || memorySubpath.startsWith(`${current}/`);
  return related ? SUBPATH_BOOST.related : 1;
}

/** Half-life decay of a memory's weight with age, never below RECENCY_FLOOR. */
export function recencyWeight(occurredAtMs: number, nowMs: number): number {
  const ageDays = Math.max(0, nowMs - occurredAtMs) / DAY_MS;
  return RECENCY_FLOOR + (1 - RECENCY_FLOOR) * 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS);
}

/** What a memory's score is computed from (score-recall.ts multiplies them). */
export interface ScoreInputs {
  type: MemoryType;
  status: MemoryStatus;
  flags: readonly MemoryFlag[];
  subpath: string | null;
  occurredAtMs: number;
  /** Share of the query's terms matched, 0..1. */
  coverage: number;
  textRank: number;
  identifierMatch: boolean;
}

/** The score: relevance x type weight x recency x subpath boost x status and flags (rounded). */
function recallScore(c: ScoreInputs, opts: { nowMs: number; currentSubpath?: string | undefined }): number {
  return scoreOf(
    relevanceOf(c.coverage, c.textRank, c.identifierMatch),
    TYPE_WEIGHTS[c.type],
    STATUS_WEIGHTS[c.status] * flagWeight(c.flags),
    subpathBoost(c.subpath, opts.currentSubpath),
    c.occurredAtMs,
    opts.nowMs,
  );
}

/** Each term weight's share of their sum (all equal when every weight is 0). */
export function sharesOf(weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  return weights.map((w) => (sum > 0 ? w / sum : 1 / weights.length));
}

/**
 * A memory's coverage of the query: the summed shares of the terms it matches (bit t of `mask`).
 * A rare word of the question counts for more than a common one.
 */
export function coverageOf(mask: number, shares: readonly number[]): number {
  let coverage = 0;
  for (let t = 0, m = mask; m !== 0; t++, m >>>= 1) if (m & 1) coverage += shares[t] ?? 0;
  return Math.min(1, coverage);
}

/** How well a memory's text answers the query, 0..1 (before its type, age, place and status). */
export function relevanceOf(coverage: number, textRank: number, identifierMatch: boolean): number {
  return 0.2 * coverage + 0.7 * textRank + (identifierMatch ? 0.1 : 0);
}

/**
 * recallScore in plain numbers, for loops over many matches (no object per match). Without the
 * recency factor (at most 1) and rounding, it is an upper bound a loop can test first.
 */
export function scoreOf(
  relevance: number,
  typeWeight: number,
  statusWeight: number,
  boost: number,
  occurredAtMs: number,
  nowMs: number,
): number {
  return round(relevance * typeWeight * recencyWeight(occurredAtMs, nowMs) * boost * statusWeight);
}

export function scoreCandidate(
  c: RecallCandidate,
  terms: readonly { label: string; weight: number }[],
  opts: { nowMs: number; currentSubpath?: string | undefined },
): Scored {
  const matched = terms.filter((_, i) => (c.matchedMask & (1 << i)) !== 0).map((t) => t.label);
  const coverage = terms.length === 0 ? 0 : coverageOf(c.matchedMask, sharesOf(terms.map((t) => t.weight)));
  return {
    id: c.id,
    parts: {
      score: recallScore({ ...c, coverage }, opts),
      all_terms_matched: terms.length > 0 && matched.length === terms.length,
      matched_terms: matched,
      matches: c.matches ?? [],
      coverage: round(coverage),
      text_rank: round(c.textRank),
      identifier_match: c.identifierMatch,
      type_weight: TYPE_WEIGHTS[c.type],
      recency: round(recencyWeight(c.occurredAtMs, opts.nowMs)),
      subpath_boost: subpathBoost(c.subpath, opts.currentSubpath),
      status_weight: STATUS_WEIGHTS[c.status],
      flag_weight: round(flagWeight(c.flags)),
    },
  };
}

/** The sort key, compared descending: all-terms tier, score, then id (deterministic for ties). */
export type RankKey = [tier: number, score: number, id: string];

/** Negative when `a` ranks before `b`. */
export function compareRank(a: RankKey, b: RankKey): number {
  if (a[0] !== b[0]) return b[0] - a[0];
  if (a[1] !== b[1]) return b[1] - a[1];
  return a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0;
}
