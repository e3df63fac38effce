import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type { Project, ProjectList } from '../types.ts';
import { workspacePath } from './workspaces.ts';

export const projectQueries = {
  /** Every list of a workspace's projects. */
  lists: (workspace: string) => ['projects', workspace] as const,
  /** The projects of a workspace the caller can read, with their role on each. */
  list: (workspace: string, limit?: number) =>
    pagedQuery<ProjectList>(projectQueries.lists(workspace), `${workspacePath(workspace)}/projects`, {
      limit,
    }),
  /** One project, with the caller's effective role on it. */
  detail: (workspace: string, project: string) =>
    queryOptions({
      queryKey: ['project', workspace, project] as const,
      queryFn: ({ signal }) =>
        get<Project>(`/v1/projects/${encodeURIComponent(project)}`, {
          query: { workspace_key: workspace },
          signal,
        }),
    }),
};

export const projectWrites = {
  /** POST /v1/workspaces/:key/projects. */
  create: (workspace: string, body: { key: string; name?: string }) =>
    send<Project>('POST', `${workspacePath(workspace)}/projects`, { body }),
};
