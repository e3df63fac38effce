import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activeWorkQueries } from '../../api/queries/active-work.ts';
import type { ActiveWorkDetail } from '../../api/types.ts';
import { LogTime } from '../../ui/log-time.tsx';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';
import { confidenceParts, percent } from './active-work-vocabulary.ts';
import { eventColumns, EventRow } from './event-table.tsx';
import { EvidenceTable } from './evidence-table.tsx';
import { ItemActions } from './item-actions.tsx';
import { Missing, People, StatusBadge } from './item-parts.tsx';

/**
 * One item of the project (`&item=`): what it is, its status and confidence, the actions the
 * caller may take, its evidence (newest first) and its own timeline (oldest first). Opening it
 * moves the focus to its title, so it is in view and read out.
 */
export function ItemDetail({
  workspace,
  project,
  id,
  canAct,
  onHide,
}: {
  workspace: string;
  project: string;
  id: string;
  canAct: boolean;
  onHide: () => void;
}) {
  const detail = useQuery(activeWorkQueries.item(workspace, project, id));
  const title = useRef<HTMLHeadingElement>(null);
  const loaded = detail.isSuccess;
  useEffect(() => {
    if (loaded) title.current?.focus();
  }, [loaded, id]);
  if (detail.isPending) return <Loading what="the item" />;
  if (detail.isError) return <ErrorMessage error={detail.error} title="The item cannot be shown" />;
  const item = detail.data;
  // An item of the project chosen before (the address kept it): not this project's.
  if (item.project_key !== project) return null;
  return (
    <section className="card aw-detail" aria-labelledby="aw-item-title">
      <div className="aw-detail-head">
        <h2 id="aw-item-title" ref={title} tabIndex={-1}>
          {item.title}
        </h2>
        <button type="button" className="link" onClick={onHide}>
          Hide this item
        </button>
      </div>
      <ItemFacts item={item} />
      {canAct && <ItemActions key={item.id} workspace={workspace} project={project} item={item} />}
      <h3>Evidence</h3>
      <EvidenceTable item={item} workspace={workspace} />
      <h3>Timeline of this item</h3>
      {item.events.length === 0 ? (
        <Empty>No events.</Empty>
      ) : (
        <Table columns={eventColumns(false)} label="Events of this item, oldest first">
          {item.events.map((e) => (
            <EventRow key={e.id} event={e} />
          ))}
        </Table>
      )}
    </section>
  );
}

function ItemFacts({ item }: { item: ActiveWorkDetail }) {
  return (
    <dl className="facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={item.status} />
        {item.closed_by_hand && (
          <span className="muted small"> closed by hand: new evidence is kept but never reopens it</span>
        )}
      </dd>
      <dt>Confidence</dt>
      <dd>
        {percent(item.confidence)}{' '}
        <span className="muted small">({confidenceParts(item.confidence_parts)})</span>
      </dd>
      <dt>Branch</dt>
      <dd>{item.branch ? <span className="mono">{item.branch}</span> : <Missing />}</dd>
      <dt>Issue keys</dt>
      <dd>
        {item.issue_keys.length > 0 ? (
          <span className="mono">{item.issue_keys.join(', ')}</span>
        ) : (
          <Missing />
        )}
      </dd>
      <dt>Sub-path</dt>
      <dd>{item.subpath ? <span className="mono">{item.subpath}</span> : <Missing />}</dd>
      <dt>People</dt>
      <dd>
        <People people={item.people} />
      </dd>
      <dt>Evidence</dt>
      <dd>
        {item.evidence_count === 1 ? '1 piece' : `${item.evidence_count} pieces`}, from{' '}
        <LogTime iso={item.first_evidence_at} /> to <LogTime iso={item.last_evidence_at} />
      </dd>
      <dt>Id</dt>
      <dd className="mono">{item.id}</dd>
    </dl>
  );
}
