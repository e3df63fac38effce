import { usePagedList } from '../../api/paged.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import { datesIn, when } from '../../ui/format.ts';
import { flagLabel } from '../../ui/memory-vocabulary.ts';
import { PagedView } from '../../ui/paged-view.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { changesFrom } from './version-changes.ts';

/**
 * Every version of a memory, newest first, also after it was deleted: who or what wrote it, what
 * changed (flags set and cleared too), and why when it was not an edit (superseded, marked stale,
 * its review clock restarted, confirmed).
 */
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
                    {v.flags.map((f) => (
                      <span key={f} className={`badge flag-${f}`}>
                        {flagLabel(f)}
                      </span>
                    ))}
                    <div className="muted small">
                      {when(v.changed_at)} · by <span className="mono">{v.changed_by ?? 'the system'}</span>
                      {changes.length > 0 && <> · changed: {changes.join(', ')}</>}
                    </div>
                    {v.reason && <p className="version-reason">Why: {datesIn(v.reason)}</p>}
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
