import type { ReactNode } from 'react';
import { LoadMore } from './load-more.tsx';
import { Empty, ErrorMessage, Loading } from './status.tsx';

/** What a list view needs of a list: a paged list (`usePagedList`), or a one-page query and its items. */
export interface ListState<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  items: T[];
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

export interface ListViewProps<T> {
  list: ListState<T>;
  /** What is loading, for "Loading …". */
  what: string;
  /** The title of the server's refusal, when there is one. */
  errorTitle?: string;
  /** What an empty list says. */
  empty: ReactNode;
}

/**
 * A list's states, in one place for every list: loading, the server's refusal, empty, or its
 * items (`children`, any layout); then "Load more" while the server has more.
 */
export function PagedView<T>({
  list,
  what,
  errorTitle,
  empty,
  children,
}: ListViewProps<T> & { children: (items: T[]) => ReactNode }) {
  return (
    <>
      {list.isPending ? (
        <Loading what={what} />
      ) : list.isError ? (
        <ErrorMessage error={list.error} title={errorTitle} />
      ) : list.items.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        children(list.items)
      )}
      <LoadMore
        hasMore={list.hasNextPage ?? false}
        loading={list.isFetchingNextPage ?? false}
        onMore={() => void list.fetchNextPage?.()}
      />
    </>
  );
}

/** " · 20+ shown" after a list's title, once its first page is in ("+": the server has more). */
export function ShownCount({ list }: { list: ListState<unknown> }) {
  if (list.isPending || list.isError) return null;
  return (
    <span className="muted small">
      {' '}
      · {list.items.length}
      {list.hasNextPage ? '+' : ''} shown
    </span>
  );
}
