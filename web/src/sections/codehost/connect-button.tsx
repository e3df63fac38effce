import { useMutation } from '@tanstack/react-query';
import { codehostWrites } from '../../api/queries/codehost.ts';
import { ErrorMessage } from '../../ui/status.tsx';

/** Only a web address is followed (the server's answer, checked all the same). */
function open(url: string): void {
  if (!/^https?:\/\//i.test(url))
    throw new Error(`The server gave an install link that is not a web address`);
  window.location.assign(url);
}

/**
 * Connect (or, connected, Connect another installation): asks for a fresh install link and
 * follows it to the code host, where the admin chooses the account and repositories; the code
 * host then sends them back to this page.
 */
export function ConnectButton({ workspace, connected }: { workspace: string; connected: boolean }) {
  const connect = useMutation({
    mutationFn: async () => open((await codehostWrites.installUrl(workspace)).install_url),
  });
  const busy = connect.isPending || connect.isSuccess;
  return (
    <div className="codehost-action">
      <button
        type="button"
        className={connected ? 'secondary' : undefined}
        onClick={() => connect.mutate()}
        disabled={busy}
        aria-describedby="ch-connect-hint"
      >
        {busy ? 'Opening the code host…' : connected ? 'Connect another installation' : 'Connect'}
      </button>
      <p id="ch-connect-hint" className="muted small">
        {connected
          ? 'Installs the app on another account: the new installation replaces this one, whose repositories are then no longer linked.'
          : 'Opens the code host, where you choose the account and the repositories; it sends you back here.'}{' '}
        The link works once, within 10 minutes.
      </p>
      <ErrorMessage error={connect.error} title="The install link could not be made" />
    </div>
  );
}
