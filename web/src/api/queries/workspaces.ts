import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type { Workspace, WorkspaceList } from '../types.ts';

/** The address of a workspace in the API; its members, projects and settings live below it. */
export const workspacePath = (workspace: string) => `/v1/workspaces/${encodeURIComponent(workspace)}`;

export const workspaceQueries = {
  /** Every list of the caller's workspaces. */
  lists: () => ['workspaces'] as const,
  /** The caller's workspaces, with their role in each (every one for a server administrator). */
  list: (limit?: number) => pagedQuery<WorkspaceList>(workspaceQueries.lists(), '/v1/workspaces', { limit }),
  /** One workspace and its settings. */
  detail: (workspace: string) =>
    queryOptions({
      queryKey: ['workspace', workspace] as const,
      queryFn: ({ signal }) => get<Workspace>(workspacePath(workspace), { signal }),
    }),
};

export const workspaceWrites = {
  /** POST /v1/workspaces (server administrators); the caller becomes its owner. */
  create: (body: { workspace_key: string; name?: string }) =>
    send<Workspace>('POST', '/v1/workspaces', { body }),
  /** PATCH /v1/workspaces/:key with the changed settings (and a reason for the audit log). */
  update: (workspace: string, body: Partial<Workspace> & { reason?: string }) =>
    send<Workspace>('PATCH', workspacePath(workspace), { body }),
};
