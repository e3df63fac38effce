import { usePagedList } from '../../api/paged.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import { PagedView, ShownCount } from '../../ui/paged-view.tsx';
import { recallQuery, type MemoryFilters } from './memory-filters.ts';
import { MemoryItem } from './memory-item.tsx';
import { QueryUnderstanding } from './score-parts.tsx';

/** The memories the filters find: ranked by relevance with words, else newest first; paged. */
export function MemoryResults({
  workspace,
  project,
  filters,
}: {
  workspace: string;
  project: string;
  filters: MemoryFilters;
}) {
  const memories = usePagedList(
    memoryQueries.list(workspace, project, recallQuery(workspace, project, filters)),
  );
  // The first page carries how the words were understood (explain=true).
  const query = memories.data?.pages[0]?.query;
  const filtered = filters.q !== '' || filters.type.length > 0 || filters.since !== '';
  return (
    <section aria-labelledby="memory-results-title">
      <h2 id="memory-results-title">
        {filters.q ? `Recalled for “${filters.q}”` : 'Newest first'}
        <ShownCount list={memories} />
      </h2>
      {query && <QueryUnderstanding query={query} />}
      <PagedView
        list={memories}
        what="memories"
        empty={
          filtered
            ? 'No memory matches: try other words or fewer filters.'
            : 'This project has no memories in these statuses yet.'
        }
      >
        {(items) => (
          <ul className="rows" aria-label="Memories">
            {items.map((m) => (
              <MemoryItem key={m.id} memory={m} />
            ))}
          </ul>
        )}
      </PagedView>
    </section>
  );
}
