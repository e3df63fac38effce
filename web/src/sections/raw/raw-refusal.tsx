import { useQuery } from '@tanstack/react-query';
import { rawQueries } from '../../api/queries/raw.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';

/**
 * For a caller whose role is too low: the server's own refusal. The API has no "may I?" route, so
 * the page asks for a search (the address's words, or a placeholder) that the server refuses
 * before searching or recording anything.
 */
export function RawRefusal({ workspace, project, q }: { workspace: string; project: string; q: string }) {
  const probe = useQuery(
    rawQueries.search(workspace, project, { q: q || 'access', limit: 1, max_chars: 50 }),
  );
  if (probe.isPending) return <Loading what="the server's answer" />;
  if (probe.isError)
    return <ErrorMessage error={probe.error} title="The server refuses raw snippets to you" />;
  return <p className="muted">The server let this search through: reload the page to see the search box.</p>;
}
