import { Link } from 'react-router';
import type { ActiveWorkDetail } from '../../api/types.ts';
import { LogTime } from '../../ui/log-time.tsx';
import { Empty } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';
import { evidenceHref } from './evidence-ref.ts';
import { Missing } from './item-parts.tsx';

/**
 * An item's evidence, newest first: when it happened, its kind, its summary, its reference (a
 * memory's a link to it on the Memories page, a pull request or push a link to its page on the
 * code host, others as text) and whose it is.
 */
export function EvidenceTable({ item, workspace }: { item: ActiveWorkDetail; workspace: string }) {
  if (item.evidence.length === 0) return <Empty>No evidence recorded.</Empty>;
  const emails = new Map(item.people.map((p) => [p.user_id, p.email]));
  return (
    <Table columns={['Time', 'Kind', 'Summary', 'Reference', 'By']} label="Evidence, newest first">
      {item.evidence.map((e) => {
        const href = evidenceHref(e.ref, workspace, item.project_key);
        return (
          <tr key={e.ref}>
            <td data-label="Time">
              <LogTime iso={e.occurred_at} />
            </td>
            <td data-label="Kind">
              <span className="badge aw-kind">{e.kind}</span>
            </td>
            <td data-label="Summary" className="aw-text">
              {e.summary || <Missing />}
            </td>
            <td data-label="Reference" className="mono small">
              {href ? (
                <Link to={href}>{e.ref}</Link>
              ) : e.url ? (
                <a href={e.url} target="_blank" rel="noreferrer noopener">
                  {e.ref}
                </a>
              ) : (
                e.ref
              )}
            </td>
            <td data-label="By">
              {e.user_id ? (emails.get(e.user_id) ?? <span className="mono">{e.user_id}</span>) : <Missing />}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
