import { queryOptions } from '@tanstack/react-query';
import { get } from '../request.ts';
import type { RawSearchAnswer, RawSnippet } from '../types.ts';

/** A raw search as the API takes it. */
export interface RawSearchQuery {
  q: string;
  limit: number;
  max_chars: number;
}

/** Every raw search and view is audited: an answer is kept, never asked again by itself. */
export const rawQueries = {
  search: (workspace: string, project: string, search: RawSearchQuery) =>
    queryOptions({
      queryKey: ['raw-search', workspace, project, search] as const,
      queryFn: ({ signal }) =>
        get<RawSearchAnswer>('/v1/raw/search', {
          query: { workspace_key: workspace, project_key: project, ...search },
          signal,
        }),
      staleTime: Infinity,
    }),
  /** One message as a snippet of `maxChars`, centred on `q`'s words. */
  message: (id: string, workspace: string, q: string, maxChars: number) =>
    queryOptions({
      queryKey: ['raw-message', id, workspace, q, maxChars] as const,
      queryFn: ({ signal }) =>
        get<RawSnippet>(`/v1/raw/messages/${encodeURIComponent(id)}`, {
          query: { workspace_key: workspace, q: q || undefined, max_chars: maxChars },
          signal,
        }),
      staleTime: Infinity,
    }),
};
