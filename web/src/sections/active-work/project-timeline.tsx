import type { To } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { activeWorkQueries } from '../../api/queries/active-work.ts';
import type { ActiveWorkEventType } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { EVENT_LABELS, EVENT_TYPES } from './active-work-vocabulary.ts';
import { eventColumns, EventRow } from './event-table.tsx';

/** The project's timeline, every item's events newest first, of one type or all; paged. */
export function ProjectTimeline({
  workspace,
  project,
  type,
  onType,
  itemLink,
}: {
  workspace: string;
  project: string;
  type: ActiveWorkEventType | '';
  onType: (type: ActiveWorkEventType | '') => void;
  itemLink: (id: string) => To;
}) {
  const events = usePagedList(activeWorkQueries.events(workspace, project, type));
  return (
    <section aria-labelledby="aw-timeline-title">
      <h2 id="aw-timeline-title">Timeline of {project}</h2>
      <div className="card form-row">
        <Field id="aw-event-type" label="Type of event">
          {(control) => (
            <select
              {...control}
              value={type}
              onChange={(e) => onType(EVENT_TYPES.find((t) => t === e.target.value) ?? '')}
            >
              <option value="">Every type</option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EVENT_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <PagedTable
        list={events}
        what="the timeline"
        errorTitle="The timeline could not be read"
        empty={type ? `No “${EVENT_LABELS[type]}” events in this project.` : 'No events in this project yet.'}
        columns={eventColumns(true)}
        label={`Active Work timeline of ${project}, newest first`}
        className="aw-events"
      >
        {(e) => <EventRow key={e.id} event={e} item={{ link: itemLink(e.item_id), title: e.item_title }} />}
      </PagedTable>
    </section>
  );
}
