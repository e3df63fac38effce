import { useMutation } from '@tanstack/react-query';
import { verifyChain } from '../../api/queries/audit.ts';
import type { ChainReport } from '../../api/types.ts';
import { ErrorMessage } from '../../ui/status.tsx';

const REASONS: Record<NonNullable<ChainReport['first_break']>['reason'], string> = {
  sequence_gap: 'an entry is missing (a gap in the sequence)',
  prev_hash_mismatch: 'an entry does not link to the one before it',
  hash_mismatch: 'an entry was changed after it was written',
  head_mismatch: 'the chain head does not match the last entry',
};

/** "Verify chain": the server recomputes the scope's hash chain and says whether it is intact, or where it breaks. */
export function ChainCheck({ workspace, scopeName }: { workspace: string | undefined; scopeName: string }) {
  const verify = useMutation({ mutationFn: () => verifyChain(workspace) });
  const report = verify.data;
  return (
    <div className="card chain-check" aria-labelledby="chain-title">
      <h2 id="chain-title">Hash chain</h2>
      <p className="muted small">
        Each entry holds the hash of the one before it: the server recomputes them all and reports the first
        break.
      </p>
      <button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify chain'}
      </button>
      <ErrorMessage error={verify.error} title="The chain was not verified" />
      {report && report.intact && (
        <p className="notice ok" role="status">
          <strong>Chain intact.</strong> {report.entries_checked} entries of {scopeName} checked, up to seq{' '}
          {report.head_seq}.
        </p>
      )}
      {report && !report.intact && (
        <div className="error" role="alert">
          <strong>Chain broken</strong>
          {report.first_break ? (
            <>
              {' '}
              at seq {report.first_break.seq}
              {report.first_break.id && (
                <>
                  {' '}
                  (entry <span className="mono">{report.first_break.id}</span>)
                </>
              )}
              : {REASONS[report.first_break.reason]}.{' '}
              <span className="mono">{report.first_break.message}</span>
            </>
          ) : (
            '.'
          )}{' '}
          {report.entries_checked} entries checked; the head is at seq {report.head_seq}.
        </div>
      )}
    </div>
  );
}
