import type { Import } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import type { ImportStep } from '../../api/queries/imports.ts';
import { useImportStep } from './import-writes.ts';

const ORDER: Import['status'][] = ['uploaded', 'parsed', 'extracted', 'committed'];
const STEPS: { step: ImportStep; label: string; from: Import['status']; what: string }[] = [
  {
    step: 'parse',
    label: 'Parse',
    from: 'uploaded',
    what: 'Read the upload into sessions and messages (secrets redacted).',
  },
  {
    step: 'extract',
    label: 'Extract',
    from: 'parsed',
    what: 'Find decisions, constraints and other statements to review.',
  },
  {
    step: 'commit',
    label: 'Commit',
    from: 'extracted',
    what: 'Store the selected statements as memories: drafts, or confirmed by a maintainer (review below).',
  },
];

/** The pipeline: which steps are done, the next one's button; a refusal (409) as the server says it. */
export function ImportSteps({ item }: { item: Import }) {
  const run = useImportStep(item);
  const reached = ORDER.indexOf(item.status);
  const busy = run.isPending || item.running_step !== null;
  return (
    <div className="card" aria-labelledby="steps-title">
      <h2 id="steps-title">Steps</h2>
      <ol className="import-steps">
        {STEPS.map(({ step, label, from, what }) => {
          const done = reached > ORDER.indexOf(from);
          const next = item.status === from && step !== 'commit';
          const running = item.running_step === step || (run.isPending && run.variables.step === step);
          return (
            <li key={step}>
              <strong>{label}</strong>{' '}
              {running ? (
                <span className="badge import-running">running…</span>
              ) : done ? (
                <span className="badge import-status-done">done</span>
              ) : null}
              <div className="muted small">{what}</div>
              {next && (
                <button type="button" disabled={busy} onClick={() => run.mutate({ step })}>
                  {running ? `${label}…` : label}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {item.status === 'failed' && (
        <p className="muted small">This import failed: delete it and upload the file again.</p>
      )}
      <ErrorMessage error={run.error} title={`The ${run.variables?.step ?? ''} step was refused`} />
    </div>
  );
}
