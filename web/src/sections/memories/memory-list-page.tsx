import { useLocation } from 'react-router';
import { Page } from '../../ui/page.tsx';
import { ProjectPicker, useProjectChoice } from '../../ui/project-picker.tsx';
import { Empty, ErrorMessage } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { MEMORY_ADDRESS } from './memory-filters.ts';
import { MemoryFiltersForm } from './memory-filters-form.tsx';
import { MemoryResults } from './memory-results.tsx';
import { MemoryTabs } from './memory-tabs.tsx';
import { useMemoryRights } from './project-role.ts';
import { RememberMemory } from './remember-memory.tsx';

/** A project's memories: recall or the newest, filtered; remembering for writers. */
export function MemoryListPage() {
  const { workspace, project } = useProjectChoice();
  const { values: filters, set: update } = useAddress(MEMORY_ADDRESS);
  const { rights, role, error } = useMemoryRights(workspace, project);
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const chosen = workspace !== '' && project !== '';
  return (
    <Page
      title="Memories"
      lead="What the assistants of a project remember: search it as they recall it, review and correct it."
    >
      <MemoryTabs />
      <ProjectPicker idPrefix="memories" />
      {deleted && (
        <p className="card" role="status">
          Memory <span className="mono">{deleted}</span> was deleted. Its history is kept.
        </p>
      )}
      {!chosen ? (
        <Empty>Choose a workspace and a project to see its memories.</Empty>
      ) : (
        <>
          <ErrorMessage error={error} title="Your role on this project could not be read" />
          {role && (
            <p className="muted small">
              Your role on this project: <span className="badge">{role}</span>
              {!rights.write && ' (you can read and search memories)'}
            </p>
          )}
          {rights.write && (
            <RememberMemory workspace={workspace} project={project} maintainer={rights.maintain} />
          )}
          <MemoryFiltersForm filters={filters} onChange={update} />
          <MemoryResults workspace={workspace} project={project} filters={filters} />
        </>
      )}
    </Page>
  );
}
