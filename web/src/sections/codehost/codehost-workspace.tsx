import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { codehostQueries } from '../../api/queries/codehost.ts';
import type { CodehostInstallation, Workspace } from '../../api/types.ts';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { InstallationPanel } from './installation-panel.tsx';
import { NotConfigured, notConfigured } from './not-configured.tsx';
import { PermissionsSection } from './permissions-section.tsx';
import { RepoList } from './repo-list.tsx';

/** How often the status is read again while a new installation's first sync has not run. */
const POLL_MS = 3000;

/** Connected, and no sync has run yet (the first one is queued when an installation is connected). */
const awaitingFirstSync = (s: CodehostInstallation | undefined) => Boolean(s?.connected && !s.last_sync);

/** The repositories are read again when the first sync, awaited, has run. */
function useReposAfterFirstSync(workspace: string, awaiting: boolean | undefined) {
  const client = useQueryClient();
  const was = useRef(false);
  useEffect(() => {
    if (was.current && awaiting === false)
      void client.invalidateQueries({ queryKey: codehostQueries.repoLists(workspace) });
    was.current = awaiting === true;
  }, [awaiting, client, workspace]);
}

/**
 * One workspace's code host, as panels below one another: the installation (status and, for
 * admins, Connect and Sync now), then its repositories, then its permissions (the role mapping,
 * and for admins the permission sync). Without a code host app on the server,
 * an explanation instead.
 */
export function CodehostWorkspace({
  workspace,
  admin,
  roleKnown,
  current,
}: {
  workspace: string;
  admin: boolean;
  /** The caller's workspaces are read: `admin` is what the list says, not a guess. */
  roleKnown: boolean;
  current: Workspace | undefined;
}) {
  const status = useQuery({
    ...codehostQueries.installation(workspace),
    refetchInterval: (query) => (awaitingFirstSync(query.state.data) ? POLL_MS : false),
  });
  useReposAfterFirstSync(workspace, status.data && awaitingFirstSync(status.data));
  if (status.isPending) return <Loading what="the code host installation" />;
  if (status.isError) {
    return notConfigured(status.error) ? (
      <NotConfigured error={status.error} />
    ) : (
      <ErrorMessage error={status.error} title="The code host installation could not be read" />
    );
  }
  const installation = status.data;
  return (
    <>
      <InstallationPanel
        workspace={workspace}
        status={installation}
        admin={admin}
        roleKnown={roleKnown}
        current={current}
      />
      {installation.connected && (
        <>
          <RepoList workspace={workspace} count={installation.repository_count} />
          <PermissionsSection
            workspace={workspace}
            status={installation}
            admin={admin}
            roleKnown={roleKnown}
            current={current}
          />
        </>
      )}
    </>
  );
}
