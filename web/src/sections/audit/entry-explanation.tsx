import type { AuditEntry } from '../../api/types.ts';
import { LogTime } from '../../ui/log-time.tsx';

type Explanation = NonNullable<AuditEntry['explanation']>;

/**
 * What the audit reasoner said of an entry sent to chat without a reason: a language model's
 * explanation (with its model, and whether an equal entry's was reused), that one is on its way,
 * or why there is none.
 */
export function EntryExplanation({ explanation: x }: { explanation: Explanation }) {
  if (x.status === 'pending') return <div className="muted small entry-explanation">being explained…</div>;
  if (x.status === 'failed')
    return <div className="muted small entry-explanation">no explanation: {x.failure ?? 'unknown'}</div>;
  return (
    <div className="entry-explanation">
      <div className="small">
        <span className="badge">language model</span>
        {x.model && <span className="muted mono"> {x.model}</span>}
        {x.cached && <span className="muted"> · reused</span>}
      </div>
      {x.text}
    </div>
  );
}

/** The explanation's status and when it was settled, for an entry's details. */
export function ExplanationState({ explanation: x }: { explanation: Explanation }) {
  return (
    <>
      {x.status}
      {x.finished_at && (
        <>
          {' '}
          · finished <LogTime iso={x.finished_at} />
        </>
      )}
    </>
  );
}
