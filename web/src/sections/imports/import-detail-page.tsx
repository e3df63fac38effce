import { useIsMutating, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { importQueries } from '../../api/queries/imports.ts';
import type { Import } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { when } from '../../ui/format.ts';
import { writeAddress } from '../../ui/address-fields.ts';
import { Page } from '../../ui/page.tsx';
import { PROJECT_ADDRESS } from '../../ui/project-picker.tsx';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { ImportStatus, statsText } from './import-badges.tsx';
import { bytes } from './import-source.ts';
import { ImportSteps } from './import-steps.tsx';
import { useDeleteImport } from './import-writes.ts';
import { modelStatsOf, modelStatsText } from './model-words.ts';
import { StagedReview } from './staged-review.tsx';

/** `/imports/:id?workspace=…&project=…`: one import, its steps, the review of what it staged. */
export function ImportDetailPage() {
  const id = useParams().id ?? '';
  const { params } = useAddress(PROJECT_ADDRESS);
  const stepRunning = useIsMutating({ mutationKey: importQueries.step(id) }) > 0;
  const item = useQuery({
    ...importQueries.detail(id),
    // While a step runs (here or elsewhere), read the import again to show where it is.
    refetchInterval: (q) => (stepRunning || q.state.data?.running_step ? 750 : false),
  });
  const back = item.data
    ? writeAddress(PROJECT_ADDRESS, params, {
        workspace: item.data.workspace_key,
        project: item.data.project_key,
      })
    : params;
  const backTo = `/imports?${back.toString()}`;
  return (
    <Page
      title={item.data ? `Import of ${item.data.file_name}` : 'Import'}
      lead={<span className="mono">{id}</span>}
      actions={<Link to={backTo}>Back to imports</Link>}
    >
      {item.isPending ? (
        <Loading what="the import" />
      ) : item.isError ? (
        <ErrorMessage error={item.error} title="The import cannot be shown" />
      ) : (
        <ImportDetail item={item.data} backTo={backTo} />
      )}
    </Page>
  );
}

function ImportDetail({ item, backTo }: { item: Import; backTo: string }) {
  const navigate = useNavigate();
  const remove = useDeleteImport(item, () => navigate(backTo, { state: { deleted: item.id } }));
  const model = modelStatsOf(item.stats);
  return (
    <>
      <div className="card">
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            <ImportStatus item={item} />
          </dd>
          <dt>Project</dt>
          <dd className="mono">
            {item.workspace_key} / {item.project_key}
          </dd>
          <dt>File</dt>
          <dd>
            {item.file_name} ({bytes(item.bytes)}, {item.source})
          </dd>
          <dt>sha256</dt>
          <dd className="mono small">{item.sha256}</dd>
          <dt>Counts</dt>
          <dd data-testid="import-stats">{statsText(item.stats)}</dd>
          {model && (
            <>
              <dt>Language model</dt>
              <dd data-testid="import-model-stats">
                {modelStatsText(model)}
                {(model.model_chunks_failed > 0 || model.model_chunks_skipped > 0) && (
                  <div className="muted small">
                    The reason is in the audit log: the <span className="mono">import.extracted</span> entry’s{' '}
                    <span className="mono">model_error</span>.
                  </div>
                )}
              </dd>
            </>
          )}
          <dt>Uploaded</dt>
          <dd>{when(item.created_at)}</dd>
          <dt>Changed</dt>
          <dd>{when(item.updated_at)}</dd>
        </dl>
        {item.error && <ErrorMessage error={new Error(item.error)} title="The import failed" />}
      </div>
      <ImportSteps item={item} />
      {(item.status === 'extracted' || item.status === 'committed') && <StagedReview item={item} />}
      <div className="card">
        <h2>Delete</h2>
        <ConfirmButton
          label="Delete import"
          question="Delete this import, its raw sessions and staged memories? Memories already committed from it stay."
          confirmLabel="Delete import"
          onConfirm={() => remove.mutate()}
          disabled={remove.isPending || item.running_step !== null}
        />
        <ErrorMessage error={remove.error} title="The import was not deleted" />
      </div>
    </>
  );
}
