/**
 * CQL for a free-text search of the wiki (Confluence Cloud `/wiki/rest/api/search`), and page ids
 * from what users paste. CQL text search is the same Lucene-style syntax inside the same kind of
 * string literal as JQL's, so the query words are made safe the same way (see ../full-text-query.ts).
 */
import { fullTextTerms, quoteQueryString } from '../provider/full-text-query.ts';

/**
 * `type = page AND text ~ "<terms>" ORDER BY lastmodified DESC`; without searchable terms
 * (`"?!"`), the pages last modified.
 */
export function searchCql(q: string): string {
  const terms = fullTextTerms(q);
  const text = terms ? ` AND text ~ ${quoteQueryString(terms)}` : '';
  return `type = page${text} ORDER BY lastmodified DESC`;
}

const PAGE_ID = /^\d{1,20}$/;

/**
 * The page id in a bare numeric id or a Confluence page URL (http or https, with or without the
 * `/wiki` prefix): `/wiki/spaces/KEY/pages/123/Title`, `/wiki/spaces/KEY/pages/edit-v2/123`,
 * `/wiki/pages/viewpage.action?pageId=123`. Null for anything else, including tiny links
 * (`/wiki/x/AbCd`): their id is encoded server-side and only the API can resolve them. The host is
 * not checked here: callers compare it with the configured wiki.
 */
export function pageIdFrom(input: string): string | null {
  const value = input.trim();
  if (PAGE_ID.test(value)) return value;
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[0] === 'wiki') segments.shift();
  const [first, , third, fourth, fifth] = segments;
  let id: string | null | undefined;
  if (first === 'spaces' && third === 'pages') id = fourth === 'edit-v2' ? fifth : fourth;
  else if (first === 'pages' && segments[1] === 'viewpage.action' && segments.length === 2) {
    id = url.searchParams.get('pageId');
  }
  return id && PAGE_ID.test(id) ? id : null;
}
