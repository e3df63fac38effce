/**
 * Finding the documents a query's terms match, and how well: the sum over terms of the term's best
 * alternative (weighted BM25). Alternatives are read by the most they can add, highest first; once
 * the documents found so far fill a page that no document matching only the alternatives left
 * could enter, those are read only for documents already found (ranking.ts says when). The result
 * is the same; documents matching only common words are never scored.
 *
 * Scratch arrays are reused between queries: the work never yields, so no two queries share them.
 */
import { alternativeCeiling, B, idfOf, K1 } from './bm25.ts';
import type { Postings } from './postings.ts';
import type { ProjectIndex } from './project-index.ts';
import type { Alternative, PlannedTerm } from './query-plan.ts';

/** At most this many terms per query (bits of a mask; the planner keeps fewer). */
const MAX_TERMS = 30;
/** Whether to leave out is asked only before an alternative this long, and a quarter of those found. */
const WORTH_ASKING = 256;

export interface Scratch {
  /** Sum over terms of the term's best alternative, per document. */
  total: Float64Array;
  /** Bit t set: term t matched. */
  mask: Int32Array;
  /** An identifier of the query matched exactly as written. */
  exact: Uint8Array;
  /** Documents some term matched, in the order first matched (`touched[0..touchedCount)`). */
  touched: Int32Array;
  touchedCount: number;
  /** A document's position in `touched` (read only while its mask is not 0). */
  slot: Int32Array;
  /** The best alternative of term t so far for the document in slot i, at i * terms + t. */
  termBest: Float64Array;
  terms: number;
}
const scratches = new WeakMap<ProjectIndex, Scratch>();

function scratchOf(index: ProjectIndex, terms: number): Scratch {
  let s = scratches.get(index);
  if (!s || s.total.length < index.size) {
    const n = Math.max(1024, index.size * 2);
    s = {
      total: new Float64Array(n),
      mask: new Int32Array(n),
      exact: new Uint8Array(n),
      touched: new Int32Array(n),
      touchedCount: 0,
      slot: new Int32Array(n),
      termBest: new Float64Array(1024),
      terms,
    };
    scratches.set(index, s);
  }
  s.terms = terms;
  s.touchedCount = 0;
  return s;
}

/** The alternatives left to read: how many terms they stand for, and the most they add. */
export interface Remaining {
  count: number;
  /** The summed weights (query-plan.ts) of the terms they stand for. */
  weight: number;
  ceiling: number;
  exact: boolean;
}

/** Whether documents matching only the `remaining` alternatives can be left out. */
export type MayLeaveOut = (s: Scratch, remaining: Remaining) => boolean;

interface Unit {
  alt: Alternative;
  term: number;
  ceiling: number;
  size: number;
}

/**
 * Matches every term's alternatives (`mayLeaveOut` null: every matching document is found) and
 * returns the scratch; `clear` must be called on it once the caller is done.
 */
export function matchTerms(
  index: ProjectIndex,
  terms: PlannedTerm[],
  mayLeaveOut: MayLeaveOut | null,
): Scratch {
  if (terms.length > MAX_TERMS) throw new Error(`at most ${MAX_TERMS} terms`);
  const s = scratchOf(index, terms.length);
  const units: Unit[] = terms
    .flatMap((term, t) =>
      term.alternatives.map((alt) => ({
        alt,
        term: t,
        ceiling: alternativeCeiling(index, alt),
        size: Math.min(...alt.keys.map((k) => index.postings.get(k)?.size ?? 0)),
      })),
    )
    .filter((u) => u.ceiling > 0)
    .sort((a, b) => b.ceiling - a.ceiling);
  const exactTerms = terms.map(
    (term) => term.exact !== null && (index.postings.get(term.exact)?.size ?? 0) > 0,
  );
  let knownOnly = false;
  units.forEach((unit, i) => {
    if (!knownOnly && mayLeaveOut && i > 0 && unit.size >= WORTH_ASKING && unit.size >= s.touchedCount / 4)
      knownOnly = mayLeaveOut(s, remainingFrom(units, i, terms, exactTerms));
    matchAlternative(index, unit.alt, unit.term, s, knownOnly);
  });
  terms.forEach((term, t) => {
    const exact = term.exact ? index.postings.get(term.exact) : undefined;
    // Only documents this term matched, so `clear` finds every flag it set.
    for (let j = 0; exact && j < exact.size; j++) {
      const doc = exact.docs[j] ?? 0;
      if (((s.mask[doc] ?? 0) & (1 << t)) !== 0) s.exact[doc] = 1;
    }
  });
  return s;
}

function remainingFrom(units: Unit[], from: number, terms: PlannedTerm[], exactTerms: boolean[]): Remaining {
  const most = new Float64Array(terms.length);
  for (let i = from; i < units.length; i++) {
    const unit = units[i];
    if (unit && unit.ceiling > (most[unit.term] ?? 0)) most[unit.term] = unit.ceiling;
  }
  let count = 0;
  let weight = 0;
  let ceiling = 0;
  let exact = false;
  most.forEach((value, t) => {
    if (value === 0) return;
    count++;
    weight += terms[t]?.weight ?? 0;
    ceiling += value;
    exact ||= exactTerms[t] ?? false;
  });
  return { count, weight, ceiling, exact };
}

/** Resets what matchTerms set, for the next query. */
export function clear(s: Scratch): void {
  for (let i = 0; i < s.touchedCount; i++) {
    const doc = s.touched[i] ?? 0;
    s.total[doc] = 0;
    s.mask[doc] = 0;
    s.exact[doc] = 0;
  }
  s.touchedCount = 0;
}

/** Room in `termBest` for one more document. */
function growTermBest(s: Scratch): void {
  const needed = (s.touchedCount + 1) * s.terms;
  if (needed <= s.termBest.length) return;
  const grown = new Float64Array(Math.max(needed, s.termBest.length * 2));
  grown.set(s.termBest);
  s.termBest = grown;
}

/**
 * Adds this alternative's weighted BM25 to every live document it matches (only those already
 * found, if `knownOnly`) where it is the best of its term so far.
 */
function matchAlternative(
  index: ProjectIndex,
  alt: Alternative,
  term: number,
  s: Scratch,
  knownOnly: boolean,
): void {
  const lists = alt.keys.map((k) => index.postings.get(k));
  if (lists.some((l) => l === undefined || l.size === 0)) return;
  const sorted = (lists as Postings[]).slice().sort((a, b) => a.size - b.size);
  const [driver, ...others] = sorted as [Postings, ...Postings[]];
  // BM25 (bm25.ts) with what does not depend on the document worked out once.
  const share = alt.weight / alt.keys.length;
  const tops = sorted.map((l) => idfOf(index, l) * (K1 + 1) * share);
  const driverTop = tops[0] ?? 0;
  const lengthFree = K1 * (1 - B);
  const perLength = (K1 * B) / index.averageLength;
  const bit = 1 << term;
  const { docs, counts } = driver;
  const { live, lengths } = index;
  const { mask, total, slot, touched, terms } = s;
  for (let i = 0; i < driver.size; i++) {
    const doc = docs[i] ?? 0;
    const was = mask[doc] ?? 0;
    if (live[doc] !== 1 || (knownOnly && was === 0)) continue;
    const count = counts[i] ?? 0;
    const norm = lengthFree + perLength * (lengths[doc] ?? 0);
    let value = (driverTop * count) / (count + norm);
    for (let j = 0; j < others.length; j++) {
      const other = others[j]?.countOf(doc) ?? 0;
      if (other === 0) {
        value = 0;
        break;
      }
      value += ((tops[j + 1] ?? 0) * other) / (other + norm);
    }
    if (value === 0) continue;
    if (was === 0) {
      growTermBest(s);
      slot[doc] = s.touchedCount;
      touched[s.touchedCount++] = doc;
    }
    const at = (slot[doc] ?? 0) * terms + term;
    if ((was & bit) === 0) {
      mask[doc] = was | bit;
      total[doc] = (total[doc] ?? 0) + value;
      s.termBest[at] = value;
    } else if (value > (s.termBest[at] ?? 0)) {
      total[doc] = (total[doc] ?? 0) + value - (s.termBest[at] ?? 0);
      s.termBest[at] = value;
    }
  }
}
