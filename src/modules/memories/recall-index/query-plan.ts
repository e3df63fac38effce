/**
 * How a recall query is matched against a project's index: each query term becomes alternatives,
 * any one of which matches it, each named by the rule that produced it (`explain` shows them):
 * - `identifier`: an identifier exactly as written (`rate_limiter`);
 * - `joined`: an identifier's words joined (`rate_limiter` = `rateLimiter` = `ratelimiter`), or a
 *   word the project has only joined (`readonly` -> `read-only`, `ratelimiter` -> `rate_limiter`);
 * - `parts`: all of an identifier's words (`rateLimiter` matches "rate limiter");
 * - `stem`: the same English stem (`payments` = `payment`);
 * - `prefix`: a longer word of the project it begins (`postgres` -> `postgresql`, `auth` ->
 *   `authentication`);
 * - `split`: a word the project only has as two (`ratelimiter` -> `rate` + `limiter`);
 * - `typo`: for a word the project does not have, its nearest word (one edit, a swap of two
 *   letters included: `paymnet` -> `payment`; two for words of six letters or more). A long word
 *   never written whose stem the project has from another word (`reconcilation`, stem of
 *   `reconciles`) also gets its nearest word one edit away if that word's stem differs
 *   (`reconciliation`).
 */
import { identifierTokens } from '../identifiers.ts';
import { queryTerms } from '../search-terms.ts';
import { camelParts, exactKey, identifierWords, MIN_WORD_LENGTH, termOf } from './document-terms.ts';
import { idfOf } from './bm25.ts';
import { editDistance } from './edit-distance.ts';
import type { ProjectIndex } from './project-index.ts';

export type MatchRule = 'identifier' | 'joined' | 'parts' | 'stem' | 'prefix' | 'split' | 'typo';

export interface Alternative {
  rule: MatchRule;
  /** Terms that must all be in a document. */
  keys: string[];
  /** How much a match by this rule counts, relative to the exact word (1). */
  weight: number;
  /** The word(s) of the project it stands for, for `explain`. */
  word: string;
}

export interface PlannedTerm {
  label: string;
  alternatives: Alternative[];
  /** The identifier's exact key, when the term is an identifier. */
  exact: string | null;
  /**
   * How much matching it counts towards a memory's coverage of the query: the idf of its best
   * alternative, so a rare word counts more than a common one; 0 when nothing in the project has it.
   */
  weight: number;
}

export interface QueryPlan {
  terms: PlannedTerm[];
  corrections: Record<string, string>;
}

const WEIGHTS: Record<MatchRule, number> = {
  identifier: 1,
  joined: 0.95,
  stem: 1,
  parts: 0.85,
  split: 0.85,
  prefix: 0.75,
  typo: 0.7,
};
/** A prefix must be this long, and the word it begins at least this much longer. */
const MIN_PREFIX = 4;
const PREFIX_EXTRA = 2;
/** The most words one prefix stands for (the most frequent kept). */
const MAX_PREFIX_WORDS = 24;
const PREFIX_SCAN = 2000;
const MIN_TYPO_LENGTH = 4;
const TWO_EDITS_FROM = 6;
/** A word whose stem the project has is a typo candidate from this length (one edit only). */
const KNOWN_STEM_TYPO_FROM = 8;
const LETTERS = /^\p{L}+$/u;

export function planQuery(index: ProjectIndex, q: string): QueryPlan {
  const { identifiers, words } = queryTerms(q);
  // As written: `rateLimiter` has two words, its lower-case form only one.
  const written = new Map<string, string>();
  for (const { token } of identifierTokens(q))
    if (!written.has(token.toLowerCase())) written.set(token.toLowerCase(), token);
  const corrections: Record<string, string> = {};
  const terms: PlannedTerm[] = [];
  for (const identifier of identifiers) {
    terms.push(identifierTerm(identifier, written.get(identifier) ?? identifier));
  }
  for (const word of words) {
    const planned = wordTerm(index, word, corrections);
    if (planned) terms.push(planned);
  }
  for (const term of terms) term.weight = termWeight(index, term);
  return { terms, corrections };
}

/** The idf of a term's best alternative (an alternative of several keys: their mean). */
function termWeight(index: ProjectIndex, term: PlannedTerm): number {
  let best = 0;
  for (const alt of term.alternatives) {
    let sum = 0;
    for (const key of alt.keys) {
      const list = index.postings.get(key);
      if (!list || list.size === 0) {
        sum = 0;
        break;
      }
      sum += idfOf(index, list);
    }
    best = Math.max(best, (alt.weight * sum) / alt.keys.length);
  }
  return best;
}

const alternative = (rule: MatchRule, keys: string[], word: string): Alternative => ({
  rule,
  keys,
  weight: WEIGHTS[rule],
  word,
});

function identifierTerm(identifier: string, asWritten: string): PlannedTerm {
  const exact = exactKey(identifier);
  const alternatives = [alternative('identifier', [exact], identifier)];
  const parts = identifierWords(asWritten);
  const joined = termOf(parts.join(''));
  if (parts.length > 1 && joined) alternatives.push(alternative('joined', [joined], parts.join('')));
  const keys = [...new Set(parts.map(termOf).filter((k): k is string => k !== null))];
  if (keys.length > 1) alternatives.push(alternative('parts', keys, parts.join(' ')));
  else if (keys.length === 1 && keys[0] !== joined)
    alternatives.push(alternative('stem', keys, parts.join(' ')));
  return { label: identifier, alternatives, exact, weight: 0 };
}

function wordTerm(
  index: ProjectIndex,
  word: string,
  corrections: Record<string, string>,
): PlannedTerm | null {
  const stem = termOf(word);
  if (stem === null) return null;
  const letters = LETTERS.test(word);
  const written = index.vocabulary.stemOf.has(word);
  const indexed = index.postings.has(stem);
  // No word written has its stem, yet the index has it: only joined forms (`read-only`) do.
  const joinedOnly = letters && word.length >= MIN_WORD_LENGTH && indexed && !index.vocabulary.hasStem(stem);
  const alternatives = [alternative(joinedOnly ? 'joined' : 'stem', [stem], word)];
  const parts = camelParts(word);
  if (parts.length > 1)
    alternatives.push(
      alternative(
        'parts',
        parts.flatMap((p) => termOf(p) ?? []),
        parts.join(' '),
      ),
    );
  if (word.length >= MIN_PREFIX && letters) alternatives.push(...prefixAlternatives(index, word, stem));
  if (!letters || written || alternatives.length > 1)
    return { label: word, alternatives, exact: null, weight: 0 };
  // Never written: maybe two words (also written apart: `dead letter` beside `dead-letter`), or a typo.
  const split = joinedOnly || !indexed ? splitAlternative(index, word) : null;
  if (split) alternatives.push(split);
  else if (!joinedOnly && (!indexed || word.length >= KNOWN_STEM_TYPO_FROM)) {
    const fix = nearestWord(index, word, stem, indexed ? 1 : 2);
    if (fix && fix.stem !== stem) {
      corrections[word] = fix.word;
      alternatives.push(alternative('typo', [fix.stem], fix.word));
    }
  }
  return { label: word, alternatives, exact: null, weight: 0 };
}

/** Longer words of the project that `word` begins, by their frequency (their stem's postings). */
function prefixAlternatives(index: ProjectIndex, word: string, stem: string): Alternative[] {
  const byStem = new Map<string, { word: string; count: number }>();
  for (const longer of index.vocabulary.withPrefix(word, PREFIX_SCAN)) {
    if (longer.length < word.length + PREFIX_EXTRA) continue;
    const key = index.vocabulary.stemOf.get(longer);
    if (key === undefined) continue;
    if (key === stem || byStem.has(key)) continue;
    byStem.set(key, { word: longer, count: index.postings.get(key)?.size ?? 0 });
  }
  return [...byStem.entries()]
    .sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_PREFIX_WORDS)
    .map(([key, { word: longer }]) => alternative('prefix', [key], longer));
}

/** `word` as two words the project has (`ratelimiter` -> rate + limiter), the most even split first. */
function splitAlternative(index: ProjectIndex, word: string): Alternative | null {
  const middle = word.length / 2;
  const cuts = Array.from({ length: Math.max(0, word.length - 5) }, (_, i) => i + 3).sort(
    (a, b) => Math.abs(a - middle) - Math.abs(b - middle),
  );
  for (const cut of cuts) {
    const left = index.vocabulary.stemOf.get(word.slice(0, cut));
    const right = index.vocabulary.stemOf.get(word.slice(cut));
    if (left && right) return alternative('split', [left, right], `${word.slice(0, cut)} ${word.slice(cut)}`);
  }
  return null;
}

/**
 * The project's word nearest to `word`: every word one edit away (deletion, swap, replacement,
 * insertion) is looked up; long words also compare with the words of their first letter and a
 * similar length (two edits, if `maxEdits` allows). Ties: a word of `word`'s own stem (then it is
 * an inflection, not a typo), the more frequent, then the first in order.
 */
function nearestWord(
  index: ProjectIndex,
  word: string,
  ownStem: string,
  maxEdits: 1 | 2,
): { word: string; stem: string } | null {
  if (word.length < MIN_TYPO_LENGTH || word.length > 40) return null;
  const vocabulary = index.vocabulary.stemOf;
  let best: { word: string; stem: string; distance: number; own: boolean; count: number } | null = null;
  const consider = (candidate: string, distance: number) => {
    const stem = vocabulary.get(candidate);
    if (stem === undefined) return;
    const own = stem === ownStem;
    const count = index.postings.get(stem)?.size ?? 0;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        (own > best.own ||
          (own === best.own && (count > best.count || (count === best.count && candidate < best.word)))))
    )
      best = { word: candidate, stem, distance, own, count };
  };
  const letters = new Set([...'abcdefghijklmnopqrstuvwxyz', ...word]);
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length) consider(word.slice(0, i) + word.slice(i + 1), 1);
    if (i < word.length - 1) consider(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2), 1);
    for (const c of letters) {
      if (i < word.length && c !== word[i]) consider(word.slice(0, i) + c + word.slice(i + 1), 1);
      consider(word.slice(0, i) + c + word.slice(i), 1);
    }
  }
  if (!best && maxEdits === 2 && word.length >= TWO_EDITS_FROM) {
    for (let length = word.length - 2; length <= word.length + 2; length++) {
      for (const candidate of index.vocabulary.bucket(word.slice(0, 1), length)) {
        const distance = editDistance(word, candidate, 2);
        if (distance <= 2) consider(candidate, distance);
      }
    }
  }
  const found = best as { word: string; stem: string } | null;
  return found && { word: found.word, stem: found.stem };
}
