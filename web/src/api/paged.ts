import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Query } from './client.ts';
import { get } from './request.ts';

/** A cursor-paged answer of the API: `{items, next_cursor}` (a memory list says more). */
export interface ListAnswer<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * The query of a cursor-paged list, for a query factory: its key (the query last, so a key without
 * it names every query of the list), its path and the type of its pages.
 */
export function pagedQuery<L extends ListAnswer<unknown>>(
  key: readonly unknown[],
  path: string,
  query: Query = {},
) {
  return infiniteQueryOptions({
    queryKey: [...key, query],
    queryFn: ({ pageParam, signal }) =>
      get<L>(path, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** A paged list from its factory's query: the pages read so far, flattened, and `fetchNextPage` for the next. */
export function usePagedList<L extends ListAnswer<unknown>>(
  query: ReturnType<typeof pagedQuery<L>>,
  enabled = true,
) {
  const result = useInfiniteQuery({ ...query, enabled });
  const items: L['items'] = result.data?.pages.flatMap((p) => p.items) ?? [];
  return { ...result, items };
}
