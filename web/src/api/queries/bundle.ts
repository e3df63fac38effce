import { queryOptions } from '@tanstack/react-query';
import { get, getText } from '../request.ts';
import type { Bundle } from '../types.ts';

/** The parameters of a bundle both views ask with (`mode=debug`, so both describe one bundle). */
export interface BundleQuery {
  workspace_key: string;
  project_key: string;
  q?: string;
  current_subpath?: string;
  budget?: string;
}

const PATH = '/v1/context/bundle';

export const bundleQueries = {
  /** The JSON answer, whose `debug` says how the token budget was spent. */
  debug: (query: BundleQuery) =>
    queryOptions({
      queryKey: ['bundle', 'debug', query] as const,
      queryFn: ({ signal }) => get<Bundle>(PATH, { query: { ...query, mode: 'debug' }, signal }),
    }),
  /** The bundle as Markdown (untrusted text: shown as text, never as HTML). */
  markdown: (query: BundleQuery) =>
    queryOptions({
      queryKey: ['bundle', 'markdown', query] as const,
      queryFn: ({ signal }) =>
        getText(PATH, { query: { ...query, mode: 'debug', format: 'markdown' }, signal }),
    }),
};
