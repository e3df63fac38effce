/**
 * Tracker and wiki base URLs as users paste them (`https://acme.atlassian.net/wiki/`,
 * `https://acme.atlassian.net/`) normalized to the site root the REST paths hang from.
 */
import { trimEnd } from '../../../platform/clip-text.ts';

/**
 * The site root: surrounding whitespace, any query or fragment, trailing slashes and one trailing
 * `/wiki` (any case) removed. `https://acme.atlassian.net/wiki/` -> `https://acme.atlassian.net`.
 * A self-hosted context path (`https://corp.example/jira`) is kept.
 */
export function siteUrl(baseUrl: string): string {
  let url = baseUrl.trim();
  const cut = url.search(/[?#]/);
  if (cut >= 0) url = url.slice(0, cut);
  url = trimEnd(url, '/');
  if (url.toLowerCase().endsWith('/wiki')) url = trimEnd(url.slice(0, -'/wiki'.length), '/');
  return url;
}

/** The Confluence Cloud REST root: the site root plus `/wiki` (`/wiki/rest/api`, `/wiki/api/v2`). */
export function wikiApiRoot(baseUrl: string): string {
  return `${siteUrl(baseUrl)}/wiki`;
}
