import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Project, Workspace } from '../../api/types.ts';

const RANK = { reader: 0, writer: 1, maintainer: 2 } as const;

/**
 * Whether the caller may read a project's raw snippets: their project role (GET /v1/projects/:key)
 * against the workspace's `raw_access_min_role` (GET /v1/workspaces/:key). The server decides anyway.
 */
export function useRawAccess(workspace: string, project: string) {
  const chosen = workspace !== '' && project !== '';
  const ws = useQuery({
    queryKey: ['workspace', workspace],
    queryFn: ({ signal }) =>
      api<Workspace>('GET', `/v1/workspaces/${encodeURIComponent(workspace)}`, { signal }),
    enabled: workspace !== '',
  });
  const proj = useQuery({
    queryKey: ['project', workspace, project],
    queryFn: ({ signal }) =>
      api<Project>('GET', `/v1/projects/${encodeURIComponent(project)}`, {
        query: { workspace_key: workspace },
        signal,
      }),
    enabled: chosen,
  });
  const needed = ws.data?.raw_access_min_role;
  const role = proj.data?.role;
  return {
    isPending: chosen && (ws.isPending || proj.isPending),
    error: ws.error ?? proj.error,
    needed,
    role,
    allowed: needed !== undefined && role !== undefined && RANK[role] >= RANK[needed],
  };
}
