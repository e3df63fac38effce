import type { ActiveWorkItem, ActiveWorkStatus } from '../../api/types.ts';
import { STATUS_MEANINGS } from './active-work-vocabulary.ts';

/** An item's status as a badge, each status its own colour (stale amber, closed grey). */
export function StatusBadge({ status }: { status: ActiveWorkStatus }) {
  return (
    <span className={`badge aw-status aw-status-${status}`} title={STATUS_MEANINGS[status]}>
      {status}
    </span>
  );
}

/** What an empty value shows. */
export function Missing() {
  return <span className="muted">—</span>;
}

/** The people an item's evidence comes from, by e-mail (by id when it is unknown). */
export function People({ people }: { people: ActiveWorkItem['people'] }) {
  if (people.length === 0) return <Missing />;
  return (
    <>
      {people.map((p, i) => (
        <span key={p.user_id}>
          {i > 0 && ', '}
          {p.email ?? <span className="mono">{p.user_id}</span>}
        </span>
      ))}
    </>
  );
}
