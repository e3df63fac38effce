import type { PanelProps } from './panel-props.ts';
import type { CodehostInstallation } from '../../api/types.ts';
import { AdminsOnlyNote } from '../../ui/admins-only-note.tsx';
import { LogTime } from '../../ui/log-time.tsx';
import { ConnectButton } from './connect-button.tsx';
import { SyncButton } from './sync-button.tsx';
import { lastSyncOutcome, triggerWords } from './sync-words.ts';

/**
 * The last sync: when, what started it, and what it did or why it failed. None yet: a connected
 * installation's first sync is queued, and the page reads the status again until it has run.
 */
function LastSync({ status }: { status: CodehostInstallation }) {
  const last = status.last_sync;
  if (!last)
    return (
      <>not yet: the first sync is queued (this status is read again every few seconds until it has run)</>
    );
  return (
    <>
      <LogTime iso={last.at} />, {triggerWords(last.trigger)}:{' '}
      <span className={last.status === 'failed' ? 'codehost-failed' : undefined}>
        {lastSyncOutcome(last)}
      </span>
    </>
  );
}

const ALL = "all of the account's";
const SELECTED = 'the ones selected at the code host';

/** What the status says of an installation: account, selection, who connected it, webhooks, syncs. */
function InstallationFacts({ status }: { status: CodehostInstallation }) {
  const i = status.installation;
  return (
    <dl className="facts">
      {i && (
        <>
          <dt>Account</dt>
          <dd>
            <span className="mono">{i.account.login}</span> ({i.account.type})
          </dd>
          <dt>Repositories</dt>
          <dd>
            {status.repository_count} active ({i.repository_selection === 'all' ? ALL : SELECTED})
          </dd>
          <dt>Connected</dt>
          <dd>
            <LogTime iso={i.connected_at} />
            {i.connected_by ? <> by {i.connected_by.email}</> : null}
          </dd>
          <dt>Installation</dt>
          <dd className="mono">{i.installation_id}</dd>
          {i.suspended_at && (
            <>
              <dt>Suspended</dt>
              <dd className="codehost-failed">
                since <LogTime iso={i.suspended_at} />: the code host refuses the app&apos;s requests, so
                syncs wait until someone unsuspends it in the account&apos;s app settings there
              </dd>
            </>
          )}
        </>
      )}
      <dt>Webhooks</dt>
      <dd>
        {status.webhooks_enabled
          ? 'on: the code host tells this server of changes, and the repositories follow them'
          : 'off: the repositories change only when synced'}
      </dd>
      {i && (
        <>
          <dt>Last sync</dt>
          <dd>
            <LastSync status={status} />
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * The workspace's installation: connected or not and its facts; for admins, Connect (or connect
 * another installation) and Sync now; for others, why they have neither.
 */
const badge = (status: CodehostInstallation) =>
  !status.connected
    ? { className: 'status-pending', words: 'not connected' }
    : status.installation?.suspended_at
      ? { className: 'status-pending', words: 'suspended' }
      : { className: 'status-active', words: 'connected' };

export function InstallationPanel({ workspace, status, admin, roleKnown, current }: PanelProps) {
  const shown = badge(status);
  return (
    <section className="card codehost-panel" aria-labelledby="ch-installation-title">
      <h2 id="ch-installation-title">
        Installation <span className={`badge ${shown.className}`}>{shown.words}</span>
      </h2>
      {!status.connected && (
        <p>
          <span className="mono">{workspace}</span> is not connected to the code host: no repository is linked
          through the app.
        </p>
      )}
      <InstallationFacts status={status} />
      {admin ? (
        <div className="codehost-actions">
          {status.connected && !status.installation?.suspended_at && <SyncButton workspace={workspace} />}
          <ConnectButton workspace={workspace} connected={status.connected} />
        </div>
      ) : (
        roleKnown && (
          <AdminsOnlyNote
            only={
              status.connected
                ? 'connect another installation and sync its repositories'
                : 'connect it to the code host'
            }
            workspace={workspace}
            current={current}
            label="Who connects the code host"
            className="codehost-note"
          >
            Ask one of them to {status.connected ? 'sync it' : 'connect it'}.
          </AdminsOnlyNote>
        )
      )}
    </section>
  );
}
