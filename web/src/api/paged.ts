import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from './client.ts';

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * A cursor-paged list of the API (`{items, next_cursor}`): the pages read so far, flattened, and
 * `fetchNextPage` for the next one.
 */
export function usePagedList<T>(key: readonly unknown[], path: string, query: Query = {}, enabled = true) {
  const result = useInfiniteQuery({
    queryKey: [...key, query],
    queryFn: ({ pageParam, signal }) =>
      api<{ items: T[]; next_cursor: string | null }>('GET', path, {
        query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
  return { ...result, items: result.data?.pages.flatMap((p) => p.items) ?? [] };
}
