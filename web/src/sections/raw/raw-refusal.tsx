import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { RawSearchAnswer } from '../../api/types.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';

/**
 * For a caller whose role is too low: the server's own refusal. The API has no "may I?" route, so
 * the page asks for a search (the address's words, or a placeholder) that the server refuses
 * before searching or recording anything.
 */
export function RawRefusal({ workspace, project, q }: { workspace: string; project: string; q: string }) {
  const probe = useQuery({
    queryKey: ['raw-refusal', workspace, project, q],
    queryFn: ({ signal }) =>
      api<RawSearchAnswer>('GET', '/v1/raw/search', {
        query: { workspace_key: workspace, project_key: project, q: q || 'access', limit: 1, max_chars: 50 },
        signal,
      }),
    staleTime: Infinity,
  });
  if (probe.isPending) return <Loading what="the server's answer" />;
  if (probe.isError)
    return <ErrorMessage error={probe.error} title="The server refuses raw snippets to you" />;
  return <p className="muted">The server let this search through: reload the page to see the search box.</p>;
}
