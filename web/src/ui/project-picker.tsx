import { useSearchParams } from 'react-router';
import { usePagedList } from '../api/paged.ts';
import type { Project, Workspace } from '../api/types.ts';
import { ErrorMessage } from './status.tsx';

/**
 * The workspace and project a project-scoped page works on, kept in the address (`?workspace=`
 * and `&project=`), so a reload or a shared link opens the same project.
 */
export function useProjectChoice(): { workspace: string; project: string } {
  const [params] = useSearchParams();
  return { workspace: params.get('workspace') ?? '', project: params.get('project') ?? '' };
}

/** Two selects: your workspaces, then the projects you can read in the chosen one. */
export function ProjectPicker({ idPrefix = 'pick' }: { idPrefix?: string }) {
  const [params, setParams] = useSearchParams();
  const { workspace, project } = useProjectChoice();
  const workspaces = usePagedList<Workspace>(['workspaces'], '/v1/workspaces', { limit: 200 });
  const projects = usePagedList<Project>(
    ['projects', workspace],
    `/v1/workspaces/${encodeURIComponent(workspace)}/projects`,
    { limit: 200 },
    workspace !== '',
  );
  const choose = (next: { workspace?: string; project?: string }) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };
  return (
    <div className="form-row picker">
      <div className="field">
        <label htmlFor={`${idPrefix}-workspace`}>Workspace</label>
        <select
          id={`${idPrefix}-workspace`}
          value={workspace}
          onChange={(e) => choose({ workspace: e.target.value, project: '' })}
        >
          <option value="">{workspaces.isPending ? 'Loading…' : 'Choose a workspace'}</option>
          {workspaces.items.map((w) => (
            <option key={w.workspace_key} value={w.workspace_key}>
              {w.name === w.workspace_key ? w.workspace_key : `${w.name} (${w.workspace_key})`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-project`}>Project</label>
        <select
          id={`${idPrefix}-project`}
          value={project}
          disabled={!workspace}
          onChange={(e) => choose({ project: e.target.value })}
        >
          <option value="">{workspace && projects.isPending ? 'Loading…' : 'Choose a project'}</option>
          {projects.items.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name === p.key ? p.key : `${p.name} (${p.key})`} · {p.role}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage error={workspaces.error ?? projects.error} />
    </div>
  );
}
