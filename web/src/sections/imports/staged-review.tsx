import { Link } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { importQueries } from '../../api/queries/imports.ts';
import type { Import } from '../../api/types.ts';
import { PagedView } from '../../ui/paged-view.tsx';
import { MEMORY_TYPES } from '../../ui/memory-vocabulary.ts';
import { CommitStaged } from './commit-staged.tsx';
import { memoryPath } from './import-badges.tsx';
import { StagedBulkActions } from './staged-bulk-actions.tsx';
import { StagedItem } from './staged-item.tsx';

/** Review what extract staged: (de)select, correct, then commit the selected ones as memories. */
export function StagedReview({ item }: { item: Import }) {
  const staged = usePagedList(importQueries.staged(item.id));
  const open = staged.items.filter((s) => s.memory_id === null);
  const selected = open.filter((s) => s.selected);
  const committed = staged.items.filter((s) => s.memory_id !== null);
  // The types still waiting, when the whole list is read; else every type (the server knows).
  const types = staged.hasNextPage
    ? MEMORY_TYPES
    : MEMORY_TYPES.filter((t) => open.some((s) => s.type === t));
  return (
    <section className="card" aria-labelledby="review-title">
      <h2 id="review-title">Review</h2>
      <PagedView
        list={staged}
        what="the staged memories"
        empty="Extract found nothing to remember in this transcript."
      >
        {(items) => (
          <>
            <p className="muted small" role="status">
              {selected.length} of {open.length} waiting {open.length === 1 ? 'memory is' : 'memories are'}{' '}
              selected
              {staged.hasNextPage ? ' (of those loaded)' : ''}; {committed.length} committed.
            </p>
            {open.length > 0 && <StagedBulkActions item={item} types={types} />}
            <ul className="rows" aria-label="Staged memories">
              {items.map((s) => (
                <StagedItem key={s.id} item={item} staged={s} />
              ))}
            </ul>
          </>
        )}
      </PagedView>
      {open.length > 0 && (
        <CommitStaged
          item={item}
          selected={selected.length}
          stagedIds={staged.hasNextPage ? undefined : selected.map((s) => s.id)}
        />
      )}
      {committed.length > 0 && (
        <>
          <h3>Committed</h3>
          <ul aria-label="Committed memories">
            {committed.map((s) => (
              <li key={s.id}>
                <Link className="mono" to={memoryPath(item, s.memory_id ?? '')}>
                  {s.memory_id}
                </Link>{' '}
                {s.content}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
