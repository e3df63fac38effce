import { useSearchParams } from 'react-router';
import { usePagedList } from '../api/paged.ts';
import { projectQueries } from '../api/queries/projects.ts';
import { ErrorMessage } from './status.tsx';
import { useWorkspaces, WorkspaceChoice } from './workspace-choice.tsx';

/**
 * The workspace and project a project-scoped page works on, kept in the address (`?workspace=`
 * and `&project=`), so a reload or a shared link opens the same project.
 */
export function useProjectChoice(): { workspace: string; project: string } {
  const [params] = useSearchParams();
  return { workspace: params.get('workspace') ?? '', project: params.get('project') ?? '' };
}

/**
 * Two selects: your workspaces, then the projects you can read in the chosen one. The keys from
 * the address stay chosen while the lists load, and when they are not listed, so the server says
 * why.
 */
export function ProjectPicker({ idPrefix = 'pick' }: { idPrefix?: string }) {
  const [params, setParams] = useSearchParams();
  const { workspace, project } = useProjectChoice();
  const spaces = useWorkspaces(workspace);
  const projects = usePagedList(projectQueries.list(workspace, 200), workspace !== '');
  const choose = (next: { workspace?: string; project?: string }) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };
  return (
    <WorkspaceChoice
      id={`${idPrefix}-workspace`}
      workspace={workspace}
      spaces={spaces}
      onChoose={(w) => choose({ workspace: w, project: '' })}
    >
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
          {project && !projects.items.some((p) => p.key === project) && (
            <option value={project}>{project}</option>
          )}
        </select>
      </div>
      <ErrorMessage error={projects.error} />
    </WorkspaceChoice>
  );
}
