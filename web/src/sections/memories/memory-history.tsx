import { usePagedList } from '../../api/paged.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import { when } from '../../ui/format.ts';
import { PagedView } from '../../ui/paged-view.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { changesFrom } from './version-changes.ts';

/** Every version of a memory, newest first, also after it was deleted. */
export function MemoryHistory({ id, workspace }: { id: string; workspace: string }) {
  const versions = usePagedList(memoryQueries.history(id, workspace));
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <PagedView list={versions} what="the history" empty="No versions recorded.">
        {(items) => (
          <ol className="rows history" aria-label="Versions, newest first">
            {items.map((v, i) => {
              const changes = changesFrom(v, items[i + 1]);
              return (
                <li key={v.version} className="row">
                  <div className="row-main">
                    <strong>Version {v.version}</strong> <span className="badge">{v.change}</span>{' '}
                    <MemoryBadges type={v.type} status={v.status} />
                    <div className="muted small">
                      {when(v.changed_at)} · by <span className="mono">{v.changed_by ?? 'the system'}</span>
                      {changes.length > 0 && <> · changed: {changes.join(', ')}</>}
                    </div>
                    <p className="memory-content">{v.content}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </PagedView>
    </section>
  );
}
