/**
 * What recall indexes of a text (pure; the same rules for memories and queries):
 * - every word (letters and digits) as its English stem, stop words left out;
 * - a word written in camelCase also as its parts (`rateLimiter` -> `rate`, `limit`);
 * - an identifier joined with `_` or `-` also as one word (`rate_limiter` -> `ratelimit`), so
 *   `rateLimiter`, `rate_limiter` and `RateLimiter` share a term; so are words joined by hyphens
 *   (`read-only` -> `readonli`, `on-call` -> `oncal`), which one may also write as one word;
 * - every identifier exactly as written, lower-cased, under the key `=<identifier>` (a path also
 *   under its file name): identifiers.ts says what one is.
 * Bounded: only the first MAX_INDEXED_CHARS characters are read, words are at most 60 characters.
 */
import { identifierTokens } from '../identifiers.ts';
import { identifiersIn } from '../search-terms.ts';
import { STOP_WORDS } from './stop-words.ts';
import { stemWord } from './word-stem.ts';

const MAX_INDEXED_CHARS = 20_000;
const WORD = /[\p{L}\p{N}]{1,60}/gu;
/** Boundaries inside a camelCase or lettersDigits word. */
const CAMEL_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
/** A digit, or a capital after the first character: the only words CAMEL_BOUNDARY can split. */
const INNER_BOUNDARY_HINT = /\p{N}|.\p{Lu}/u;
/** Identifier kinds whose separators are part of a name (`rate_limiter`, `retry-policy`). */
const JOINABLE = new Set(['code', 'hyphenated']);
/** Letters-only words joined by hyphens, standing alone (`read-only`, `dead-letter`, `end-to-end`). */
const HYPHENATED_WORDS = /(?<![\p{L}\p{N}_-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}_-])/gu;

/** The key of an identifier as written. Word stems never start with `=`. */
export const exactKey = (identifier: string) => `=${identifier}`;

export interface DocumentTerms {
  /** Term -> how often it occurs. */
  terms: Map<string, number>;
  /** Words counted (the document's length for ranking). */
  length: number;
  /**
   * Letters-only words as written (lower-cased) -> their stem: the project's vocabulary. Joined
   * forms (`ratelimiter` of `rate_limiter`) are terms, not words written.
   */
  words: Map<string, string>;
}

/** The stem of `word` (lower-cased), or null for a stop word. */
export function termOf(word: string): string | null {
  return STOP_WORDS.has(word) ? null : stemWord(word);
}

/** The words inside a camelCase word (`rateLimiter` -> rate, limiter), lower-cased; [] if none. */
export function camelParts(word: string): string[] {
  if (!INNER_BOUNDARY_HINT.test(word)) return [];
  const parts = word.split(CAMEL_BOUNDARY);
  return parts.length > 1 ? parts.map((p) => p.toLowerCase()) : [];
}

/** The words of an identifier, lower-cased (`rate_limiter` and `rateLimiter` -> rate, limiter). */
export function identifierWords(identifier: string): string[] {
  const words: string[] = [];
  for (const [w] of identifier.matchAll(WORD)) {
    const parts = camelParts(w);
    words.push(...(parts.length ? parts : [w.toLowerCase()]));
  }
  return words;
}

const LETTERS = /^\p{L}+$/u;
/** The shortest word the vocabulary keeps. */
export const MIN_WORD_LENGTH = 3;

function count(terms: Map<string, number>, term: string): void {
  terms.set(term, (terms.get(term) ?? 0) + 1);
}

function countWord(into: DocumentTerms, lower: string): void {
  const term = termOf(lower);
  if (term === null) return;
  count(into.terms, term);
  if (lower.length >= MIN_WORD_LENGTH && LETTERS.test(lower)) into.words.set(lower, term);
}

/** Counts the words of `joined` as one term (`rate_limiter` -> `ratelimit`), if not too long. */
function countJoined(into: DocumentTerms, words: string[]): void {
  const joined = words.join('');
  if (joined.length > 60) return;
  const term = termOf(joined);
  if (term !== null) count(into.terms, term);
}

export function documentTerms(text: string): DocumentTerms {
  const scanned = text.length > MAX_INDEXED_CHARS ? text.slice(0, MAX_INDEXED_CHARS) : text;
  const found: DocumentTerms = { terms: new Map(), length: 0, words: new Map() };
  for (const [w] of scanned.matchAll(WORD)) {
    found.length++;
    countWord(found, w.toLowerCase());
    for (const part of camelParts(w)) countWord(found, part);
  }
  for (const { token, kind } of identifierTokens(scanned)) {
    if (JOINABLE.has(kind)) countJoined(found, identifierWords(token));
  }
  for (const [compound] of scanned.matchAll(HYPHENATED_WORDS)) {
    countJoined(found, compound.toLowerCase().split('-'));
  }
  for (const identifier of identifiersIn(scanned)) count(found.terms, exactKey(identifier));
  return found;
}
