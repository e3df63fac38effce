import { Link, type To } from 'react-router';
import type { ActiveWorkEvent } from '../../api/types.ts';
import { LogTime } from '../../ui/log-time.tsx';
import type { Column } from '../../ui/table.tsx';
import { EVENT_LABELS } from './active-work-vocabulary.ts';
import { actorName, eventFacts, statusChange } from './event-words.ts';
import { Missing } from './item-parts.tsx';

/** The columns of a timeline: the item each event is of only in the project's timeline. */
export const eventColumns = (withItem: boolean): Column[] => [
  'Time',
  ...(withItem ? ['Item'] : []),
  'Event',
  'Status',
  'By',
  'Reason',
  'Details',
];

/**
 * One event of a timeline: when, (its item,) what happened, the status before and after, who did
 * it (a person or the system), the reason given, and what its details say (evidence, rule, score,
 * confidence before and after).
 */
export function EventRow({
  event,
  item,
}: {
  event: ActiveWorkEvent;
  /** In the project's timeline: where the event's item opens, and its title when known. */
  item?: { link: To; title: string | undefined };
}) {
  const facts = eventFacts(event.details);
  return (
    <tr>
      <td data-label="Time">
        <LogTime iso={event.created_at} />
      </td>
      {item && (
        <td data-label="Item" className="aw-text">
          {item.title ? (
            <Link to={item.link}>{item.title}</Link>
          ) : (
            <Link to={item.link} className="mono small">
              <span className="visually-hidden">Open item </span>
              {event.item_id}
            </Link>
          )}
        </td>
      )}
      <td data-label="Event">
        <strong>{EVENT_LABELS[event.type]}</strong>
      </td>
      <td data-label="Status">{statusChange(event)}</td>
      <td data-label="By">{actorName(event.actor)}</td>
      <td data-label="Reason" className="aw-text">
        {event.reason ?? <Missing />}
      </td>
      <td data-label="Details" className="aw-text">
        {facts.length === 0 ? (
          <Missing />
        ) : (
          <ul className="aw-facts">
            {facts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
