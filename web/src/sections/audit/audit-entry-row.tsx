import type { AuditEntry } from '../../api/types.ts';
import { EntryExplanation, ExplanationState } from './entry-explanation.tsx';
import { JsonView } from './json-view.tsx';
import { RowWithDetails } from './row-with-details.tsx';
import { LogTime } from '../../ui/log-time.tsx';

/** Who acted: a user (with their e-mail when known) or a system flow. */
function Actor({ entry, emails }: { entry: AuditEntry; emails: Map<string, string> }) {
  const { user_id: userId, system } = entry.actor;
  if (userId) return <>{emails.get(userId) ?? <span className="mono">{userId}</span>}</>;
  return <>system{system ? ` (${system})` : ''}</>;
}

/** One audit entry as a table row; its details (every field the API answers) in a row under it when open. */
export function AuditEntryRow({
  entry,
  emails,
  open,
  onToggle,
}: {
  entry: AuditEntry;
  emails: Map<string, string>;
  open: boolean;
  onToggle: () => void;
}) {
  const detailsId = `audit-details-${entry.id}`;
  return (
    <RowWithDetails
      id={detailsId}
      open={open}
      onToggle={onToggle}
      what={`of entry ${entry.seq}`}
      cells={[
        <td key="time" data-label="Time">
          <LogTime iso={entry.created_at} />
        </td>,
        <td key="action" data-label="Action">
          <span className="mono">{entry.action}</span>
          {entry.explanation && <EntryExplanation explanation={entry.explanation} />}
        </td>,
        <td key="actor" data-label="Actor">
          <Actor entry={entry} emails={emails} />
        </td>,
        <td key="target" data-label="Target">
          {entry.target.type}
          {entry.target.id && <div className="muted small mono">{entry.target.id}</div>}
        </td>,
      ]}
    >
      <dl className="facts">
        <dt>Action</dt>
        <dd className="mono">{entry.action}</dd>
        <dt>Time</dt>
        <dd>
          <LogTime iso={entry.created_at} /> <span className="muted small mono">{entry.created_at}</span>
        </dd>
        <dt>Actor</dt>
        <dd>
          <Actor entry={entry} emails={emails} />
          {entry.actor.user_id && <div className="muted small mono">{entry.actor.user_id}</div>}
        </dd>
        <dt>Target</dt>
        <dd>
          {entry.target.type} <span className="mono">{entry.target.id ?? '(no id)'}</span>
        </dd>
        <dt>Params</dt>
        <dd>
          <JsonView value={entry.target.params} label={`Params of entry ${entry.seq}`} />
        </dd>
        <dt>Metadata</dt>
        <dd>
          <JsonView value={entry.target.metadata} label={`Metadata of entry ${entry.seq}`} />
        </dd>
        {entry.explanation && (
          <>
            <dt>Explanation</dt>
            <dd>
              <ExplanationState explanation={entry.explanation} />
            </dd>
          </>
        )}
        <dt>Request id</dt>
        <dd className="mono">{entry.request_id ?? '—'}</dd>
        <dt>Correlation id</dt>
        <dd className="mono">{entry.correlation_id ?? '—'}</dd>
        <dt>Entry</dt>
        <dd className="mono">
          {entry.id} · seq {entry.seq}
        </dd>
        <dt>Hash</dt>
        <dd className="mono">{entry.hash}</dd>
        <dt>Previous hash</dt>
        <dd className="mono">{entry.prev_hash ?? '— (first entry)'}</dd>
      </dl>
    </RowWithDetails>
  );
}
