import { intParam } from './fake-server.ts';

// GitHub's REST pagination: `per_page` (default 30, capped) and 1-based `page`, and the `Link`
// header naming the prev, next, last and first pages by absolute URL.

export interface Page {
  page: number;
  perPage: number;
}

/** The page a query asks for; a value that is not a number falls back to the default, as GitHub does. */
export function readPage(query: URLSearchParams, perPageMax: number): Page {
  const perPage = intParam(query.get('per_page'), 30, 1, perPageMax);
  const page = intParam(query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
  return { perPage: Number.isNaN(perPage) ? 30 : perPage, page: Number.isNaN(page) ? 1 : page };
}

/** The items of one page: a slice, so a page costs its own length whatever the list's. */
export function pageItems<T>(items: readonly T[], { page, perPage }: Page): T[] {
  const start = (page - 1) * perPage;
  return start >= items.length ? [] : items.slice(start, start + perPage);
}

/**
 * The Link header for one page of `total` items, or undefined when everything fits on page 1.
 * Each URL is the request's own (origin, path, other parameters in their order) with `page` set last.
 */
export function linkHeader(
  origin: string,
  path: string,
  query: URLSearchParams,
  { page, perPage }: Page,
  total: number,
): string | undefined {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last === 1 && page === 1) return undefined;
  const url = (n: number) => {
    const params = new URLSearchParams(query);
    params.delete('page');
    params.append('page', String(n));
    return `<${origin}${path}?${params.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${url(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${url(page + 1)}; rel="next"`, `${url(last)}; rel="last"`);
  if (page > 1) links.push(`${url(1)}; rel="first"`);
  return links.join(', ');
}
