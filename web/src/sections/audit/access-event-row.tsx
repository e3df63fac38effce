import type { AccessEvent } from '../../api/types.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { JsonView } from './json-view.tsx';
import { RowWithDetails } from './row-with-details.tsx';
import { LogTime } from '../../ui/log-time.tsx';

/** Who made the change: their e-mail, or the system flow. */
function actorOf(e: AccessEvent): string {
  if (e.actor.email) return e.actor.email;
  if (e.actor.user_id) return e.actor.user_id;
  return e.actor.system ? `system (${e.actor.system})` : 'system';
}

/**
 * One access change as a table row (time, the server's readable summary, source, actor); its
 * details, the JSON to copy and the way to its correlation group in a row under it when open.
 */
export function AccessEventRow({
  event,
  open,
  onToggle,
  onCorrelation,
}: {
  event: AccessEvent;
  open: boolean;
  onToggle: () => void;
  onCorrelation: (id: string) => void;
}) {
  const detailsId = `access-details-${event.id}`;
  return (
    <RowWithDetails
      id={detailsId}
      open={open}
      onToggle={onToggle}
      what={`of: ${event.summary}`}
      cells={[
        <td key="time" data-label="Time">
          <LogTime iso={event.created_at} />
        </td>,
        <td key="change" data-label="Change">
          {event.summary}
        </td>,
        <td key="source" data-label="Source">
          <span className="badge">{event.source}</span>
        </td>,
        <td key="by" data-label="By">
          {actorOf(event)}
        </td>,
      ]}
    >
      <dl className="facts">
        <dt>Action</dt>
        <dd className="mono">{event.action}</dd>
        <dt>Time</dt>
        <dd>
          <LogTime iso={event.created_at} /> <span className="muted small mono">{event.created_at}</span>
        </dd>
        <dt>User</dt>
        <dd>
          {event.target_user.email ?? '(unknown e-mail)'}{' '}
          <span className="muted small mono">{event.target_user.id}</span>
        </dd>
        <dt>Where</dt>
        <dd>
          {event.project_key ? (
            <>
              project <span className="mono">{event.project_key}</span>
            </>
          ) : (
            <>
              workspace <span className="mono">{event.workspace_key}</span>
            </>
          )}
        </dd>
        <dt>Role</dt>
        <dd>
          {event.old_role ?? '—'} → {event.new_role ?? '—'}
        </dd>
        <dt>Correlation id</dt>
        <dd>
          {event.correlation_id ? (
            <>
              <span className="mono">{event.correlation_id}</span>{' '}
              <button
                type="button"
                className="link"
                onClick={() => event.correlation_id && onCorrelation(event.correlation_id)}
              >
                Show its events together
              </button>
            </>
          ) : (
            '— (a change on its own)'
          )}
        </dd>
        <dt>Params</dt>
        <dd>
          <JsonView value={event.params} label={`Params of: ${event.summary}`} />
        </dd>
        <dt>Evidence</dt>
        <dd>
          {event.evidence ? (
            <JsonView value={event.evidence} label={`Evidence of: ${event.summary}`} />
          ) : (
            '— (none recorded)'
          )}
        </dd>
        <dt>Entry</dt>
        <dd className="mono">{event.id}</dd>
      </dl>
      <p>
        <CopyButton text={JSON.stringify(event, null, 2)} label="Copy JSON" />
      </p>
    </RowWithDetails>
  );
}
