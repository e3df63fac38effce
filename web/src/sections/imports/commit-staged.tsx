import { useProject } from '../../api/project-access.ts';
import type { Import } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { useImportStep } from './import-writes.ts';

/**
 * Commit the selected staged memories: as drafts, or (for a project maintainer, who may confirm
 * memories) as confirmed ones. `stagedIds`: exactly those shown selected when the whole list is
 * read; otherwise every one the server holds selected.
 */
export function CommitStaged({
  item,
  selected,
  stagedIds,
}: {
  item: Import;
  selected: number;
  stagedIds: string[] | undefined;
}) {
  const commit = useImportStep(item);
  const maintainer = useProject(item.workspace_key, item.project_key).data?.role === 'maintainer';
  const disabled = commit.isPending || item.running_step !== null || selected === 0;
  const run = (confirmed: boolean) => commit.mutate({ step: 'commit', stagedIds, confirmed });
  const running = commit.isPending ? (commit.variables.confirmed ? 'confirmed' : 'draft') : null;
  return (
    <>
      <div className="actions bulk-actions">
        <button type="button" disabled={disabled} onClick={() => run(false)}>
          {running === 'draft' ? 'Committing…' : 'Commit selected'}
        </button>
        {maintainer && (
          <button type="button" disabled={disabled} onClick={() => run(true)}>
            {running === 'confirmed' ? 'Committing…' : 'Commit as confirmed'}
          </button>
        )}
      </div>
      <p className="muted small">
        {maintainer
          ? `Commit selected makes them draft memories of ${item.project_key}; Commit as confirmed makes them confirmed ones (you may confirm memories here as a maintainer). The rest stay here.`
          : `They become draft memories of ${item.project_key}, for a maintainer to confirm; the rest stay here.`}
      </p>
      <ErrorMessage error={commit.error} title="The commit was refused" />
    </>
  );
}
