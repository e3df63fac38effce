/**
 * Free text inside a JQL or CQL `text ~ "…"` clause (Jira and Confluence Cloud search).
 *
 * Two layers of syntax meet in `text ~ "…"`: the JQL string literal (where `\` and `"` must be
 * escaped as `\\` and `\"`) and, inside it, Jira's Lucene-style text query, where
 * `+ - & | ! ( ) { } [ ] ^ ~ * ? \ : /` are operators and would need `\\` before them. Jira Cloud
 * indexes none of those characters (they separate words), so rather than escape them they become
 * spaces: the same matches, and no operator, wildcard or fuzzy search reaches Jira. Balanced
 * double quotes are kept as phrase searches; an odd number of them are dropped. Standalone
 * `AND`/`OR`/`NOT` are lower-cased so they are searched for, not applied.
 */
import { isHighSurrogate } from '../../../platform/clip-text.ts';

/** The longest query text sent, in UTF-16 units (before escaping). */
export const MAX_QUERY_CHARS = 500;

/** Lucene operators and every control character (newlines, tabs, NUL ...). */
const TEXT_QUERY_OPERATORS = /[+\-&|!(){}[\]^~*?\\:/\p{Cc}]/gu;

/**
 * A JQL (or CQL) double-quoted string literal holding `value`: `\` and `"` escaped, control
 * characters (which neither language allows raw in a literal) turned to spaces.
 */
export function quoteQueryString(value: string): string {
  const escaped = value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  return `"${escaped.replace(/\p{Cc}/gu, ' ')}"`;
}

/**
 * The words of a free-text query, safe inside `text ~ "…"` once quoted: at most `maxChars` of the
 * input (never half a surrogate pair), operators and control characters turned to spaces, phrases
 * kept when their quotes balance, whitespace collapsed. May be empty.
 */
export function fullTextTerms(q: string, maxChars = MAX_QUERY_CHARS): string {
  let end = Math.min(q.length, Math.max(0, Math.floor(maxChars)));
  if (end < q.length && isHighSurrogate(q.charCodeAt(end - 1))) end -= 1;
  const plain = q.slice(0, end).replace(TEXT_QUERY_OPERATORS, ' ');
  const parts = plain.split('"');
  const balanced = parts.length % 2 === 1;
  const phrased = parts
    .map((part, i) => {
      if (i % 2 === 0 || !balanced) return part;
      const phrase = part.trim();
      return phrase ? `"${phrase}"` : ' ';
    })
    .join(balanced ? '' : ' ');
  return phrased
    .replace(/\b(AND|OR|NOT)\b/g, (word) => word.toLowerCase())
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}
