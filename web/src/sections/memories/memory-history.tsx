import { usePagedList } from '../../api/paged.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import type { MemoryVersion } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { PagedView } from '../../ui/paged-view.tsx';
import { MemoryBadges } from './memory-badges.tsx';
import { statusLabel, typeLabel } from '../../ui/memory-vocabulary.ts';

/** What changed from the version before (the next one in this newest-first list). */
function changesFrom(v: MemoryVersion, before: MemoryVersion | undefined): string[] {
  if (!before) return [];
  const out: string[] = [];
  if (v.type !== before.type) out.push(`type ${typeLabel(before.type)} → ${typeLabel(v.type)}`);
  if (v.status !== before.status) out.push(`status ${statusLabel(before.status)} → ${statusLabel(v.status)}`);
  if (v.content !== before.content) out.push('content');
  if (JSON.stringify(v.metadata) !== JSON.stringify(before.metadata)) out.push('metadata');
  if (v.evidence_ref !== before.evidence_ref) out.push('evidence');
  return out;
}

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
