import { Link, useParams } from 'react-router';
import { useProject } from '../../api/project-access.ts';
import type { Workspace } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { MembersPanel } from './members-panel.tsx';

/** One project: what it is, the caller's role on it, and its members (maintainers manage them). */
export function ProjectDetail({ workspace }: { workspace: Workspace }) {
  const key = useParams().projectKey ?? '';
  const ws = workspace.workspace_key;
  const project = useProject(ws, key);
  const back = (
    <p>
      <Link to={`/workspaces/${encodeURIComponent(ws)}/projects`}>← All projects</Link>
    </p>
  );
  if (project.isPending) return <Loading what={`project ${key}`} />;
  if (project.isError)
    return (
      <>
        {back}
        <ErrorMessage error={project.error} />
      </>
    );
  const p = project.data;
  return (
    <>
      {back}
      <div className="card">
        <h2>{p.name}</h2>
        <dl className="facts">
          <dt>Key</dt>
          <dd className="mono">{p.key}</dd>
          <dt>Your role</dt>
          <dd>{p.role}</dd>
          <dt>Created</dt>
          <dd>{when(p.created_at)}</dd>
        </dl>
      </div>
      <MembersPanel
        title="Project members"
        scope={{ workspace: ws, project: key }}
        roles={['maintainer', 'writer', 'reader']}
        canManage={p.role === 'maintainer'}
      />
    </>
  );
}
