import { stemmer } from 'stemmer';

/** Words longer than this are kept as written (no English word is; hostile input stays cheap). */
const MAX_STEMMED_LENGTH = 40;
/** Memoized stems; the cache starts over when full, so it stays bounded whatever the input. */
const CACHE_LIMIT = 200_000;
const cache = new Map<string, string>();
const ENGLISH_WORD = /^[a-z]+$/;

/**
 * The English stem of a lower-case word (Porter: `payments` and `payment` -> `payment`),
 * so that a word and its inflections match. Words with digits or non-ASCII letters are their own
 * stem. Pure and memoized.
 */
export function stemWord(word: string): string {
  if (word.length > MAX_STEMMED_LENGTH || !ENGLISH_WORD.test(word)) return word;
  const known = cache.get(word);
  if (known !== undefined) return known;
  const stem = stemmer(word);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stem);
  return stem;
}
