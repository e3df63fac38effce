/**
 * Splitting text into what recall matches on: identifiers kept as written (ticket ids, file and
 * function names; what an identifier is: identifiers.ts) and the plain words a query asks for.
 * Pure; used for documents and queries.
 */

import { identifierTokens, isIdentifier } from './identifiers.ts';
import { QUESTION_FILLER, STOP_WORDS } from './recall-index/stop-words.ts';

const WORD = /\p{L}{3,40}/gu;

const MAX_IDENTIFIERS = 200;
const MAX_LEXICON_WORDS = 500;

/**
 * Identifiers in `text`, lower-cased, as written; a path also yields its file name
 * (`lib/invoices/retry.ts` -> `retry.ts`). Distinct, in order of appearance.
 */
export function identifiersIn(text: string): string[] {
  const found = new Set<string>();
  for (const { token } of identifierTokens(text)) {
    const lower = token.toLowerCase();
    found.add(lower);
    if (lower.includes('/')) {
      const base = lower.slice(lower.lastIndexOf('/') + 1);
      if (isIdentifier(base)) found.add(base);
    }
    if (found.size >= MAX_IDENTIFIERS) break;
  }
  return [...found];
}

/** Plain words (letters only, 3-40 long), lower-cased and distinct. */
function plainWords(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    found.add(match[0].toLowerCase());
    if (found.size >= MAX_LEXICON_WORDS) break;
  }
  return [...found];
}

export interface QueryTerms {
  /** Identifiers of the query, matched as written (and loosely as words). */
  identifiers: string[];
  /** The other words, matched with English stemming (the recall index leaves out stop words). */
  words: string[];
}

const MAX_QUERY_TERMS = 16;

/**
 * The terms of a recall query: identifiers first, then plain words (stop words and a question's
 * filler left out), at most MAX_QUERY_TERMS.
 */
export function queryTerms(q: string): QueryTerms {
  const identifiers = identifiersIn(q).slice(0, MAX_QUERY_TERMS);
  const covered = new Set(identifiers.flatMap((i) => plainWords(i)));
  const words: string[] = [];
  for (const match of q.matchAll(/[\p{L}\p{N}]{1,60}/gu)) {
    const word = match[0].toLowerCase();
    if (covered.has(word) || words.includes(word) || STOP_WORDS.has(word) || QUESTION_FILLER.has(word))
      continue;
    if (identifiers.some((i) => i.split(/[^\p{L}\p{N}]+/u).includes(word))) continue;
    words.push(word);
    if (identifiers.length + words.length >= MAX_QUERY_TERMS) break;
  }
  return { identifiers, words };
}
