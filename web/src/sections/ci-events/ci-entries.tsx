import { Link } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { auditQueries } from '../../api/queries/audit.ts';
import { LoadMore } from '../../ui/load-more.tsx';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
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
  if (entries.isPending) return <Loading what="the CI entries" />;
  if (entries.isError) return <ErrorMessage error={entries.error} title="The CI entries could not be read" />;
  const audit = new URLSearchParams({ workspace, prefix: 'ci.' });
  return (
    <>
      {entries.items.length === 0 ? (
        <Empty>No CI results recorded in this workspace yet.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Result</th>
                <th scope="col">Project</th>
                <th scope="col">Run</th>
                <th scope="col">Message</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {entries.items.map((e) => {
                const p = e.target.params;
                const failed = e.action === 'ci.failure';
                const by = e.actor.user_id;
                return (
                  <tr key={e.id}>
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
                    <td data-label="By">
                      {by ? (emails.get(by) ?? <span className="mono">{by}</span>) : 'system'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        hasMore={entries.hasNextPage}
        loading={entries.isFetchingNextPage}
        onMore={() => void entries.fetchNextPage()}
      />
      <p className="muted small">
        Every entry with its details and hash: <Link to={`/audit?${audit.toString()}`}>the audit log</Link>.
      </p>
    </>
  );
}
