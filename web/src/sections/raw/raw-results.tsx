import { useQuery } from '@tanstack/react-query';
import { rawQueries } from '../../api/queries/raw.ts';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import type { RawSearch } from './raw-params.ts';
import { RawSnippetItem } from './raw-snippet-item.tsx';

/** The snippets a search finds. Each search is audited, so an answer is kept, not asked again. */
export function RawResults({
  workspace,
  project,
  search,
  address,
}: {
  workspace: string;
  project: string;
  search: RawSearch;
  address: string;
}) {
  const found = useQuery(rawQueries.search(workspace, project, search));
  return (
    <section aria-labelledby="raw-results-title">
      <h2 id="raw-results-title">
        Found for “{search.q}”
        {found.data && <span className="muted small"> · {found.data.items.length} shown</span>}
      </h2>
      {found.isPending ? (
        <Loading what="snippets" />
      ) : found.isError ? (
        <ErrorMessage error={found.error} title="The search was refused" />
      ) : found.data.items.length === 0 ? (
        <Empty>No message matches: try other words, or fewer of them.</Empty>
      ) : (
        <ul className="rows" aria-label="Snippets">
          {found.data.items.map((item) => (
            <RawSnippetItem key={item.message_id} item={item} address={address} />
          ))}
        </ul>
      )}
    </section>
  );
}
