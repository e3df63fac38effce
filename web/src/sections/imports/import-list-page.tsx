import { useLocation } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { importQueries } from '../../api/queries/imports.ts';
import { Page } from '../../ui/page.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ProjectPicker, useProjectChoice } from '../../ui/project-picker.tsx';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import { useRawAccess } from '../../api/project-access.ts';
import { IMPORT_COLUMNS, ImportRow } from './import-row.tsx';
import { UploadForm } from './upload-form.tsx';

/** A project's imports and, for those who may import, the upload. */
export function ImportListPage() {
  const { workspace, project } = useProjectChoice();
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const chosen = workspace !== '' && project !== '';
  return (
    <Page
      title="Imports"
      lead="Past sessions become memories: upload a transcript, parse it, extract statements, review them, commit."
    >
      <ProjectPicker idPrefix="imports" />
      {deleted && (
        <p className="card" role="status">
          Import <span className="mono">{deleted}</span> was deleted. Memories committed from it stay.
        </p>
      )}
      {chosen ? (
        <ProjectImports workspace={workspace} project={project} />
      ) : (
        <Empty>Choose a workspace and a project to see its imports.</Empty>
      )}
    </Page>
  );
}

function ProjectImports({ workspace, project }: { workspace: string; project: string }) {
  const rights = useRawAccess(workspace, project);
  const list = usePagedList(importQueries.list(workspace, project), rights.allowed);
  if (rights.isPending) return <Loading what="your role on this project" />;
  if (rights.error)
    return <ErrorMessage error={rights.error} title="Your role on this project could not be read" />;
  if (!rights.allowed)
    return (
      <p className="card notice">
        Your role on this project: <span className="badge">{rights.role}</span>. Imports carry raw
        transcripts, so this workspace lets only project {rights.needed}s or higher see or make them (its
        setting raw_access_min_role). Ask a maintainer of the project for that role.
      </p>
    );
  return (
    <>
      {/* A file chosen for one project is never sent to the next one chosen. */}
      <UploadForm key={`${workspace}\n${project}`} workspace={workspace} project={project} />
      <h2>Imports of this project</h2>
      <PagedTable
        list={list}
        what="the imports"
        empty="No imports in this project yet: upload a transcript above."
        columns={IMPORT_COLUMNS}
        label="Imports"
      >
        {(i) => <ImportRow key={i.id} item={i} />}
      </PagedTable>
    </>
  );
}
