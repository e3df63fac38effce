import { stemmer } from 'stemmer';

/** Words longer than this are kept as written (no English word is; hostile input stays cheap). */
const MAX_STEMMED_LENGTH = 40;
/** Memoized stems; the cache starts over when full, so it stays bounded whatever the input. */
const CACHE_LIMIT = 200_000;
const cache = new Map<string, string>();

/**
 * The English stem of a lower-case word (Porter: `payments` and `payment` -> `payment`),
 * so that a word and its inflections match. Words with digits or non-ASCII letters are their own
 * stem. Pure and memoized.
 */
export function stemWord(word: string): string {
  const known = cache.get(word);
  if (known !== undefined) return known;
  const stem = word.length <= MAX_STEMMED_LENGTH && /^[a-z]+$/.test(word) ? stemmer(word) : word;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stem);
  return stem;
}
