import { Link, type To } from 'react-router';
import type { ActiveWorkItem, ActiveWorkStatus } from '../../api/types.ts';
import { LogTime } from '../../ui/log-time.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ShownCount, type ListState } from '../../ui/paged-view.tsx';
import { confidenceParts, OPEN_STATUSES, percent } from './active-work-vocabulary.ts';
import { Missing, People, StatusBadge } from './item-parts.tsx';

const COLUMNS = [
  'Item',
  'Status',
  'Confidence',
  'Branch',
  'Issue keys',
  'Sub-path',
  'People',
  'Last evidence',
];

/** The project's items in the statuses asked, newest evidence first, paged; each opens its detail. */
export function ItemList({
  items,
  project,
  statuses,
  selected,
  itemLink,
}: {
  items: ListState<ActiveWorkItem>;
  project: string;
  statuses: ActiveWorkStatus[];
  selected: string;
  itemLink: (id: string) => To;
}) {
  const onlyOpen = statuses.every((s) => OPEN_STATUSES.includes(s));
  return (
    <section aria-labelledby="aw-items-title">
      <h2 id="aw-items-title">
        Items of {project}
        <ShownCount list={items} />
      </h2>
      <PagedTable
        list={items}
        what="the items"
        errorTitle="The items could not be read"
        empty={
          onlyOpen
            ? 'No open items: nothing reported lately is work in progress. Add closed ones to see finished work.'
            : 'No items in these statuses.'
        }
        columns={COLUMNS}
        label={`Active Work items of ${project}`}
        className="aw-items"
      >
        {(item) => (
          <ItemRow key={item.id} item={item} selected={item.id === selected} link={itemLink(item.id)} />
        )}
      </PagedTable>
    </section>
  );
}

/** One item: its title (opening its detail), status, confidence and its parts, where, who, when. */
function ItemRow({ item, selected, link }: { item: ActiveWorkItem; selected: boolean; link: To }) {
  return (
    <tr className={selected ? 'selected' : undefined}>
      <td data-label="Item" className="aw-text">
        <Link to={link} aria-current={selected ? 'true' : undefined}>
          {item.title}
        </Link>
      </td>
      <td data-label="Status">
        <StatusBadge status={item.status} />
      </td>
      <td data-label="Confidence">
        <div>{percent(item.confidence)}</div>
        <div className="muted small">{confidenceParts(item.confidence_parts)}</div>
      </td>
      <td data-label="Branch">{item.branch ? <span className="mono">{item.branch}</span> : <Missing />}</td>
      <td data-label="Issue keys">
        {item.issue_keys.length > 0 ? (
          <span className="mono">{item.issue_keys.join(', ')}</span>
        ) : (
          <Missing />
        )}
      </td>
      <td data-label="Sub-path">
        {item.subpath ? <span className="mono">{item.subpath}</span> : <Missing />}
      </td>
      <td data-label="People">
        <People people={item.people} />
      </td>
      <td data-label="Last evidence">
        <LogTime iso={item.last_evidence_at} />
        <div className="muted small">
          {item.evidence_count === 1 ? '1 piece' : `${item.evidence_count} pieces`} of evidence
        </div>
      </td>
    </tr>
  );
}
