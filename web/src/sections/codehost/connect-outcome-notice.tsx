import type { ConnectOutcome } from './connect-outcome.ts';

/**
 * How the connection went, after the code host's redirect: the installation connected, or the
 * server's refusal in its own words with what to do next. Dismiss takes it out of the address.
 */
export function ConnectOutcomeNotice({
  outcome,
  onDismiss,
}: {
  outcome: ConnectOutcome;
  onDismiss: () => void;
}) {
  const dismiss = (
    <button type="button" className="link" onClick={onDismiss}>
      Dismiss
    </button>
  );
  if (outcome.kind === 'connected') {
    return (
      <div className="card reveal codehost-outcome" role="status">
        <p>
          <strong>Connected installation {outcome.installationId}.</strong> Its repositories are synced in the
          background: the status below shows the sync when it has run. {dismiss}
        </p>
      </div>
    );
  }
  return (
    <div className="error codehost-outcome" role="alert">
      <p>
        <strong>The installation was not connected ({outcome.code}): </strong>
        {outcome.message}
      </p>
      <p>
        {outcome.advice} {dismiss}
      </p>
    </div>
  );
}
