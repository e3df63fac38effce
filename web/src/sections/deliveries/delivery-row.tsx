import { useState } from 'react';
import { Link } from 'react-router';
import type { Delivery } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { LogTime } from '../../ui/log-time.tsx';
import { STATUS_MEANINGS, statusClass } from './delivery-vocabulary.ts';

/** The Retry of a failed delivery, behind a confirmation that also takes an optional reason. */
function RetryControl({
  delivery,
  onRetry,
  busy,
}: {
  delivery: Delivery;
  onRetry: (delivery: Delivery, reason: string) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const id = `retry-reason-${delivery.id}`;
  return (
    <ConfirmButton
      label="Retry"
      question={
        <>
          Send it again now, with a new round of attempts?{' '}
          <label htmlFor={id} className="inline-label">
            Reason (optional)
          </label>{' '}
          <input id={id} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
        </>
      }
      confirmLabel="Retry delivery"
      onConfirm={() => onRetry(delivery, reason.trim())}
      disabled={busy}
    />
  );
}

/** Where the audit entry behind a delivery is: its id, and its action's entries in the audit log. */
function AuditRef({ workspace, delivery }: { workspace: string; delivery: Delivery }) {
  const q = new URLSearchParams({ workspace, prefix: delivery.action });
  return (
    <div className="muted small">
      audit entry <span className="mono">{delivery.audit_id}</span> ·{' '}
      <Link to={`/audit?${q.toString()}`}>
        in the audit log<span className="visually-hidden"> ({delivery.action} entries)</span>
      </Link>
    </div>
  );
}

/** Whether the message carried the audit reasoner's explanation of its entry, and if not, why. */
function ExplanationNote({ delivery: d }: { delivery: Delivery }) {
  if (d.explanation === 'included') return <div className="small">explanation (language model) included</div>;
  if (d.explanation === 'left_out')
    return (
      <div className="muted small">
        explanation left out{d.explanation_note !== null && `: ${d.explanation_note}`}
      </div>
    );
  return null;
}

/**
 * One delivery: what was sent where, at which severity, how far it got (attempts, the next one),
 * what the receiver answered or why it failed, whether it carried its entry's explanation, and
 * for a failed one (workspace admins) a Retry.
 */
export function DeliveryRow({
  workspace,
  delivery: d,
  canRetry,
  onRetry,
  retrying,
}: {
  workspace: string;
  delivery: Delivery;
  canRetry: boolean;
  onRetry: (delivery: Delivery, reason: string) => void;
  retrying: boolean;
}) {
  return (
    <tr data-testid={`delivery-${d.id}`}>
      <td data-label="Created">
        <LogTime iso={d.created_at} />
        <div className="muted small mono">{d.id}</div>
      </td>
      <td data-label="Action">
        <span className="mono">{d.action}</span>
        <AuditRef workspace={workspace} delivery={d} />
      </td>
      <td data-label="Channel">
        {d.channel === null ? (
          <span className="muted">webhook&apos;s channel</span>
        ) : (
          <span className="mono">{d.channel}</span>
        )}
      </td>
      <td data-label="Severity">
        <span className={`badge severity-${d.severity}`}>{d.severity}</span>
      </td>
      <td data-label="Status">
        <span className={`badge ${statusClass(d.status)}`} title={STATUS_MEANINGS[d.status]}>
          {d.status}
        </span>
        <div className="small">
          attempts {d.attempts}/{d.max_attempts}
        </div>
        {d.next_attempt_at && (
          <div className="muted small">
            next attempt <LogTime iso={d.next_attempt_at} />
          </div>
        )}
      </td>
      <td data-label="Outcome" className="delivery-outcome">
        {d.answer !== null && (
          <div>
            receiver answered <span className="mono">{d.answer}</span>
          </div>
        )}
        {d.last_error !== null &&
          (d.status === 'delivered' ? (
            <div className="muted small">earlier attempt: {d.last_error}</div>
          ) : (
            <div className="delivery-error">{d.last_error}</div>
          ))}
        <ExplanationNote delivery={d} />
        {d.finished_at ? (
          <div className="muted small">
            finished <LogTime iso={d.finished_at} />
          </div>
        ) : (
          d.answer === null && d.last_error === null && <span className="muted">—</span>
        )}
      </td>
      <td className="actions">
        {canRetry && d.status === 'failed' && <RetryControl delivery={d} onRetry={onRetry} busy={retrying} />}
      </td>
    </tr>
  );
}
