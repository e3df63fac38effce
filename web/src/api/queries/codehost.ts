import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type {
  CodehostInstallation,
  CodehostInstallUrl,
  CodehostPermissionSync,
  CodehostRepoList,
  CodehostRoleMapping,
  CodehostSync,
} from '../types.ts';
import { workspacePath } from './workspaces.ts';

const codehostPath = (workspace: string) => `${workspacePath(workspace)}/codehost`;

export const codehostQueries = {
  /** Everything of a workspace's code host: its installation and its repositories. */
  all: (workspace: string) => ['codehost', workspace] as const,
  /** Connected or not, the account, the repository count, the last sync (members). */
  installation: (workspace: string) =>
    queryOptions({
      queryKey: [...codehostQueries.all(workspace), 'installation'] as const,
      queryFn: ({ signal }) =>
        get<CodehostInstallation>(`${codehostPath(workspace)}/installation`, { signal }),
    }),
  /** Every list of the workspace's repositories. */
  repoLists: (workspace: string) => [...codehostQueries.all(workspace), 'repos'] as const,
  /** The workspace's active repositories, by full name (members). */
  repos: (workspace: string, limit?: number) =>
    pagedQuery<CodehostRepoList>(codehostQueries.repoLists(workspace), `${codehostPath(workspace)}/repos`, {
      limit,
    }),
};

export const codehostWrites = {
  /**
   * A fresh install link (admins): the app's install page with a signed state, good for one
   * connection within 10 minutes, so it is asked for at each use and never cached.
   */
  installUrl: (workspace: string) => get<CodehostInstallUrl>(`${codehostPath(workspace)}/install-url`),
  /** Lists the installation's repositories again now (admins): links added, updated, deactivated. */
  syncRepos: (workspace: string) => send<CodehostSync>('POST', `${codehostPath(workspace)}/sync-repos`),
  /**
   * Reconciles the project members of the linked repositories' projects with the code host's
   * permissions (admins); `dryRun`: the plan only, nothing written. Never cached: the code host is
   * read again at each call.
   */
  syncPermissions: (workspace: string, dryRun: boolean) =>
    send<CodehostPermissionSync>('POST', `${codehostPath(workspace)}/sync-permissions`, {
      query: { dry_run: dryRun },
    }),
  /**
   * Sets which project role each permission gives (admins): a permission left out takes its
   * default, null gives none. Answers the whole mapping now in effect.
   */
  setRoleMapping: (workspace: string, mapping: Partial<CodehostRoleMapping>) =>
    send<CodehostRoleMapping>('PUT', `${codehostPath(workspace)}/role-mapping`, { body: mapping }),
};
