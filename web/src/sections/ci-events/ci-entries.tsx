import { Link } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { auditQueries } from '../../api/queries/audit.ts';
import type { AuditEntry } from '../../api/types.ts';
import { PagedTable } from '../../ui/paged-table.tsx';
import { LogTime } from '../../ui/log-time.tsx';
import { useUserEmails } from '../../api/user-emails.ts';

/** A param of an entry as text, or nothing. */
const text = (params: Record<string, unknown>, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The run an entry records: repository, branch, commit, workflow and job, and its URL. */
function Run({ params }: { params: Record<string, unknown> }) {
  const sha = text(params, 'sha');
  const where = [text(params, 'repository'), text(params, 'branch')].filter(Boolean).join(' · ');
  const what = [text(params, 'workflow'), text(params, 'job')].filter(Boolean).join(' / ');
  const url = text(params, 'run_url');
  if (!where && !what && !sha && !url) return <span className="muted">—</span>;
  return (
    <>
      {where && <div>{where}</div>}
      {sha && (
        <div className="mono small" title={sha}>
          {sha.slice(0, 12)}
        </div>
      )}
      {what && <div className="small">{what}</div>}
      {url && (
        <a href={url} target="_blank" rel="noreferrer noopener" className="small">
          the run
        </a>
      )}
    </>
  );
}

/**
 * The workspace's latest CI entries (`ci.success`, `ci.failure`) from its audit log, newest first;
 * workspace admins (anyone else gets the server's refusal, shown as it is).
 */
export function CiEntries({ workspace, serverAdmin }: { workspace: string; serverAdmin: boolean }) {
  const emails = useUserEmails(workspace, serverAdmin);
  const entries = usePagedList(auditQueries.log(workspace, { action_prefix: 'ci.', limit: 25 }));
  const audit = new URLSearchParams({ workspace, prefix: 'ci.' });
  return (
    <>
      <PagedTable
        list={entries}
        what="the CI entries"
        errorTitle="The CI entries could not be read"
        empty="No CI results recorded in this workspace yet."
        columns={['Time', 'Result', 'Project', 'Run', 'Message', 'By']}
      >
        {(e) => <CiEntryRow key={e.id} entry={e} emails={emails} />}
      </PagedTable>
      {entries.isSuccess && (
        <p className="muted small">
          Every entry with its details and hash: <Link to={`/audit?${audit.toString()}`}>the audit log</Link>.
        </p>
      )}
    </>
  );
}

/** One CI entry: when, success or failure, the project, the run, its message, who recorded it. */
function CiEntryRow({ entry: e, emails }: { entry: AuditEntry; emails: Map<string, string> }) {
  const p = e.target.params;
  const failed = e.action === 'ci.failure';
  const by = e.actor.user_id;
  return (
    <tr>
      <td data-label="Time">
        <LogTime iso={e.created_at} />
        <div className="muted small mono">{e.id}</div>
      </td>
      <td data-label="Result">
        <span className={`badge ${failed ? 'status-expired' : 'status-active'}`}>
          {failed ? 'failure' : e.action === 'ci.success' ? 'success' : e.action}
        </span>
      </td>
      <td data-label="Project" className="mono">
        {text(p, 'project_key') ?? <span className="muted">—</span>}
      </td>
      <td data-label="Run">
        <Run params={p} />
      </td>
      <td data-label="Message" className="ci-message">
        {text(p, 'message') ?? <span className="muted">—</span>}
      </td>
      <td data-label="By">{by ? (emails.get(by) ?? <span className="mono">{by}</span>) : 'system'}</td>
    </tr>
  );
}
