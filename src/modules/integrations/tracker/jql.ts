/**
 * JQL for a free-text search of the tracker (Jira Cloud `/rest/api/3/search/jql`).
 *
 * Two layers of syntax meet in `text ~ "…"`: the JQL string literal (where `\` and `"` must be
 * escaped as `\\` and `\"`) and, inside it, Jira's Lucene-style text query, where
 * `+ - & | ! ( ) { } [ ] ^ ~ * ? \ : /` are operators and would need `\\` before them. Jira Cloud
 * indexes none of those characters (they separate words), so rather than escape them they become
 * spaces: the same matches, and no operator, wildcard or fuzzy search reaches Jira. Balanced
 * double quotes are kept as phrase searches; an odd number of them are dropped. Standalone
 * `AND`/`OR`/`NOT` are lower-cased so they are searched for, not applied.
 */
import { fullTextTerms, quoteQueryString } from '../provider/full-text-query.ts';

export { fullTextTerms, MAX_QUERY_CHARS, quoteQueryString } from '../provider/full-text-query.ts';

const ISSUE_KEY = /^[A-Za-z][A-Za-z0-9_]+-\d+$/;
const MAX_ISSUE_KEY_CHARS = 255;

/** Whether `s` (trimmed) is an issue key like `ABC-123` or `abc_2-7`. */
export function isIssueKey(s: string): boolean {
  const key = s.trim();
  return key.length <= MAX_ISSUE_KEY_CHARS && ISSUE_KEY.test(key);
}

/** The key with its project part upper-cased (`abc-12` -> `ABC-12`), or null when `s` is none. */
export function normalizeIssueKey(s: string): string | null {
  return isIssueKey(s) ? s.trim().toUpperCase() : null;
}

/**
 * Bounded JQL for a free-text search: `text ~ "<terms>"`, also matching the issue itself when the
 * query is an issue key (unless `matchKey` is false), newest updates first. When nothing
 * searchable is left (`"?!"`), the issues updated in the last 30 days, so the query stays bounded
 * as Jira Cloud requires.
 */
export function searchJql(q: string, options: { matchKey?: boolean } = {}): string {
  const terms = fullTextTerms(q);
  const key = options.matchKey === false ? null : normalizeIssueKey(q);
  const text = terms ? `text ~ ${quoteQueryString(terms)}` : '';
  let where = text || 'updated >= -30d';
  if (key) where = text ? `(${text} OR key = ${quoteQueryString(key)})` : `key = ${quoteQueryString(key)}`;
  return `${where} ORDER BY updated DESC`;
}
