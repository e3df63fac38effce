import { usePagedList } from '../api/paged.ts';
import { projectQueries } from '../api/queries/projects.ts';
import { text } from './address-fields.ts';
import { Field } from './field.tsx';
import { nameAndKey } from './format.ts';
import { ErrorMessage } from './status.tsx';
import { useAddress } from './use-address.ts';
import { useWorkspaces, WorkspaceChoice } from './workspace-choice.tsx';

/**
 * The workspace and project a project-scoped page works on, kept in the address (`?workspace=`
 * and `&project=`), so a reload or a shared link opens the same project.
 */
export const PROJECT_ADDRESS = { workspace: text, project: text };

export function useProjectChoice(): { workspace: string; project: string } {
  return useAddress(PROJECT_ADDRESS).values;
}

/**
 * Two selects: your workspaces, then the projects you can read in the chosen one. The keys from
 * the address stay chosen while the lists load, and when they are not listed, so the server says
 * why.
 */
export function ProjectPicker({ idPrefix = 'pick' }: { idPrefix?: string }) {
  const { values, set: choose } = useAddress(PROJECT_ADDRESS);
  const { workspace, project } = values;
  const spaces = useWorkspaces(workspace);
  const projects = usePagedList(projectQueries.list(workspace, 200), workspace !== '');
  return (
    <WorkspaceChoice
      id={`${idPrefix}-workspace`}
      workspace={workspace}
      spaces={spaces}
      onChoose={(w) => choose({ workspace: w, project: '' })}
    >
      <Field id={`${idPrefix}-project`} label="Project">
        {(control) => (
          <select
            {...control}
            value={project}
            disabled={!workspace}
            onChange={(e) => choose({ project: e.target.value })}
          >
            <option value="">{workspace && projects.isPending ? 'Loading…' : 'Choose a project'}</option>
            {projects.items.map((p) => (
              <option key={p.key} value={p.key}>
                {nameAndKey(p.name, p.key)} · {p.role}
              </option>
            ))}
            {project && !projects.items.some((p) => p.key === project) && (
              <option value={project}>{project}</option>
            )}
          </select>
        )}
      </Field>
      <ErrorMessage error={projects.error} />
    </WorkspaceChoice>
  );
}
