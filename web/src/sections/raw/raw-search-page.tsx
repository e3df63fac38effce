import { Page } from '../../ui/page.tsx';
import { ProjectPicker, useProjectChoice } from '../../ui/project-picker.tsx';
import { Empty, ErrorMessage, Loading } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { useRawAccess } from '../../api/project-access.ts';
import { RawAuditNote } from './raw-audit-note.tsx';
import { RAW_SEARCH_ADDRESS } from './raw-params.ts';
import { RawRefusal } from './raw-refusal.tsx';
import { RawResults } from './raw-results.tsx';
import { RawSearchForm } from './raw-search-form.tsx';

/** `/raw?workspace=&project=&q=`: the audited search of a project's imported transcripts. */
export function RawSearchPage() {
  const { workspace, project } = useProjectChoice();
  const { values: search, set: update, params } = useAddress(RAW_SEARCH_ADDRESS);
  const access = useRawAccess(workspace, project);
  const chosen = workspace !== '' && project !== '';
  return (
    <Page
      title="Raw snippets"
      lead="Imported transcripts, searched and shown as snippets only: never whole sessions, never as memories."
    >
      <ProjectPicker idPrefix="raw" />
      <RawAuditNote needed={access.needed} role={access.role} />
      {!chosen ? (
        <Empty>Choose a workspace and a project to search its transcripts.</Empty>
      ) : access.isPending ? (
        <Loading what="your role on this project" />
      ) : access.error ? (
        <ErrorMessage error={access.error} title="Your role on this project could not be read" />
      ) : !access.allowed ? (
        <RawRefusal workspace={workspace} project={project} q={search.q} />
      ) : (
        <>
          <RawSearchForm search={search} onSearch={update} />
          {search.q ? (
            <RawResults workspace={workspace} project={project} search={search} address={params.toString()} />
          ) : (
            <Empty>Type words to search this project&apos;s transcripts.</Empty>
          )}
        </>
      )}
    </Page>
  );
}
