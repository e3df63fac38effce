import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import type { Import, StagedMemory } from '../../api/types.ts';
import { LoadMore } from '../../ui/load-more.tsx';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import { patchStaged, stagedKey, useImportStep } from './import-writes.ts';
import { memoryPath } from './import-badges.tsx';
import { StagedItem } from './staged-item.tsx';

interface BulkOutcome {
  wanted: boolean;
  changed: number;
  failed: { id: string; message: string }[];
}

/** Review what extract staged: (de)select, correct, then commit the selected ones as memories. */
export function StagedReview({ item }: { item: Import }) {
  const client = useQueryClient();
  const staged = usePagedList<StagedMemory>(
    stagedKey(item.id),
    `/v1/imports/${encodeURIComponent(item.id)}/staged`,
    { limit: 200 },
  );
  const commit = useImportStep(item);
  const [bulk, setBulk] = useState<BulkOutcome | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const open = staged.items.filter((s) => s.memory_id === null);
  const selected = open.filter((s) => s.selected).length;
  const committed = staged.items.filter((s) => s.memory_id !== null);
  const selectAll = async (wanted: boolean) => {
    setBulkBusy(true);
    setBulk(null);
    const todo = open.filter((s) => s.selected !== wanted);
    const results = await Promise.allSettled(
      todo.map((s) => patchStaged(item.id, s.id, { selected: wanted })),
    );
    const failed = results.flatMap((r, i) =>
      r.status === 'rejected' ? [{ id: todo[i]?.id ?? '', message: (r.reason as Error).message }] : [],
    );
    // The list is read again before the outcome is said, so the boxes shown match it.
    await client.invalidateQueries({ queryKey: stagedKey(item.id) });
    setBulk({ wanted, changed: todo.length - failed.length, failed });
    setBulkBusy(false);
  };
  if (staged.isPending) return <Loading what="the staged memories" />;
  if (staged.isError) return <ErrorMessage error={staged.error} />;
  return (
    <section className="card" aria-labelledby="review-title">
      <h2 id="review-title">Review</h2>
      {staged.items.length === 0 ? (
        <Empty>Extract found nothing to remember in this transcript.</Empty>
      ) : (
        <>
          <p className="muted small" role="status">
            {selected} of {open.length} waiting {open.length === 1 ? 'memory is' : 'memories are'} selected
            {staged.hasNextPage ? ' (of those loaded)' : ''}; {committed.length} committed.
          </p>
          {open.length > 0 && (
            <div className="actions bulk-actions">
              <button
                type="button"
                className="secondary"
                disabled={bulkBusy}
                onClick={() => void selectAll(true)}
              >
                Select all
              </button>
              <button
                type="button"
                className="secondary"
                disabled={bulkBusy}
                onClick={() => void selectAll(false)}
              >
                Select none
              </button>
            </div>
          )}
          {bulk && <BulkReport outcome={bulk} />}
          <ul className="rows" aria-label="Staged memories">
            {staged.items.map((s) => (
              <StagedItem key={s.id} item={item} staged={s} />
            ))}
          </ul>
          <LoadMore
            hasMore={staged.hasNextPage}
            loading={staged.isFetchingNextPage}
            onMore={() => void staged.fetchNextPage()}
          />
        </>
      )}
      {open.length > 0 && (
        <p>
          <button
            type="button"
            disabled={commit.isPending || item.running_step !== null || selected === 0}
            onClick={() => {
              setBulk(null);
              // All read: exactly the ones shown selected; else every one the server holds selected.
              const ids = open.filter((x) => x.selected).map((x) => x.id);
              commit.mutate({ step: 'commit', stagedIds: staged.hasNextPage ? undefined : ids });
            }}
          >
            {commit.isPending ? 'Committing…' : 'Commit selected'}
          </button>{' '}
          <span className="muted small">
            They become draft memories of {item.project_key}; the rest stay here.
          </span>
        </p>
      )}
      <ErrorMessage error={commit.error} title="The commit was refused" />
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

function BulkReport({ outcome }: { outcome: BulkOutcome }) {
  const verb = outcome.wanted ? 'Select all: selected' : 'Select none: deselected';
  if (outcome.failed.length === 0)
    return (
      <p className="ok small" role="status">
        {verb} {outcome.changed}.
      </p>
    );
  return (
    <div className="error" role="alert">
      {verb} {outcome.changed}; {outcome.failed.length} refused:
      <ul>
        {outcome.failed.map((f) => (
          <li key={f.id}>
            <span className="mono">{f.id}</span>: {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
