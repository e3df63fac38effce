import { usePagedList } from '../../api/paged.ts';
import { codehostQueries } from '../../api/queries/codehost.ts';
import { LogTime } from '../../ui/log-time.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';

/** The workspace's active repositories, by full name, paged: each one's page, visibility and default branch. */
export function RepoList({ workspace, count }: { workspace: string; count: number }) {
  const list = usePagedList(codehostQueries.repos(workspace));
  return (
    <section aria-labelledby="ch-repos-title">
      <h2 id="ch-repos-title">
        Repositories <span className="muted small">({count === 1 ? '1 active' : `${count} active`})</span>
      </h2>
      <PagedTable
        list={list}
        what="the repositories"
        errorTitle="The repositories could not be read"
        empty="No repository is linked yet: they appear once the installation's repositories are synced."
        columns={['Repository', 'Visibility', 'Default branch', 'Linked or changed']}
        label={`Repositories of ${workspace}`}
        className="codehost-repos"
      >
        {(r) => (
          <tr key={r.repo_id}>
            <td data-label="Repository">
              <a href={r.html_url} target="_blank" rel="noreferrer noopener">
                {r.full_name}
              </a>
            </td>
            <td data-label="Visibility">
              <span className="badge">{r.private ? 'private' : 'public'}</span>
            </td>
            <td data-label="Default branch" className="mono">
              {r.default_branch}
            </td>
            <td data-label="Linked or changed">
              <LogTime iso={r.updated_at} />
            </td>
          </tr>
        )}
      </PagedTable>
    </section>
  );
}
