/**
 * What an identifier is, for every reader of text in ctxhub: a token written the way code, tickets,
 * paths and file names are (`rateLimiter`, `rate_limiter`, `BILL-142`, `lib/jobs/lock.ts`,
 * `invoice_run`), as opposed to a plain word. Recall matches every identifier exactly as written
 * (search-terms.ts); the import classifier counts a statement that names one as concrete
 * (imports/classify-memory-type.ts). Pure, bounded and linear in the text.
 */

/** Runs of characters identifiers are made of; bounded so hostile input stays linear. */
const TOKEN = /[\p{L}\p{N}_$./:#@-]{2,200}/gu;
const EDGE_PUNCTUATION = /^[.:/#@-]+|[.:/#@-]+$/g;
const TICKET = /^[A-Z][A-Z0-9]{1,9}-\d{1,7}$/;
/** Most tokens of prose: a word of ASCII letters, capitalized at most. Never an identifier. */
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;

/**
 * The kinds of identifier, by how they are written:
 * - `code`: has `_`, `$` or `#` (`rate_limiter`, `$config`, `Invoice#total`);
 * - `path`: has a slash (`lib/jobs/lock.ts`, a URL, also `and/or`);
 * - `dotted`: letters around a dot (`lock.ts`, `invoices.customer_id`, `Node.js`);
 * - `abbreviation`: single letters between dots (`e.g`, `i.e`);
 * - `ticket`: an issue key (`BILL-142`);
 * - `hyphenated`: other letters and digits joined by a hyphen (`utf-8`, `bill-142`, `5-minute`);
 * - `camel`: camelCase starting lower-case (`rateLimiter`);
 * - `mixed_case`: other inner capitals (`GitHub`, `PostgreSQL`);
 * - `alphanumeric`: letters next to digits (`node20`, `oauth2`).
 */
export type IdentifierKind =
  | 'code'
  | 'path'
  | 'dotted'
  | 'abbreviation'
  | 'ticket'
  | 'hyphenated'
  | 'camel'
  | 'mixed_case'
  | 'alphanumeric';

/** The kind of identifier `token` is, or null for a plain word (or too short, long, or letterless). */
function identifierKind(token: string): IdentifierKind | null {
  if (token.length < 3 || token.length > 120 || PLAIN_WORD.test(token)) return null;
  if (!/\p{L}/u.test(token)) return null;
  if (/[_$#]/.test(token)) return 'code';
  if (token.includes('/')) return 'path';
  if (/\p{L}\.\p{L}/u.test(token) && !token.includes('..')) {
    return /^\p{L}(?:\.\p{L})+$/u.test(token) ? 'abbreviation' : 'dotted';
  }
  if (/\p{L}-\p{N}|\p{N}-\p{L}/u.test(token)) return TICKET.test(token) ? 'ticket' : 'hyphenated';
  if (/\p{Ll}\p{Lu}/u.test(token)) return /^\p{Ll}/u.test(token) ? 'camel' : 'mixed_case';
  return /\p{L}\p{N}|\p{N}\p{L}/u.test(token) ? 'alphanumeric' : null;
}

export const isIdentifier = (token: string): boolean => identifierKind(token) !== null;

export interface IdentifierToken {
  /** As written, edge punctuation trimmed (`/v1/invoices.` -> `v1/invoices`). */
  token: string;
  kind: IdentifierKind;
  /** As written, with its edge punctuation (a leading `/` or `./` says a path is rooted). */
  written: string;
}

/** The identifiers of `text`, with their kinds, in order of appearance. */
export function* identifierTokens(text: string): Generator<IdentifierToken> {
  for (const match of text.matchAll(TOKEN)) {
    if (PLAIN_WORD.test(match[0])) continue; // most tokens of prose: nothing to trim, no identifier
    const token = match[0].replace(EDGE_PUNCTUATION, '');
    const kind = identifierKind(token);
    if (kind) yield { token, kind, written: match[0] };
  }
}
