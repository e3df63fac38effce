import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Project, Workspace } from '../../api/types.ts';

const RANK: Record<Project['role'], number> = { reader: 0, writer: 1, maintainer: 2 };

/**
 * Whether the caller may import into a project: imports carry raw transcripts, so they need the
 * role raw snippets need (project writer, or the workspace's raw_access_min_role). The server
 * checks it on every call anyway.
 */
export function useImportRights(workspace: string, project: string) {
  const enabled = workspace !== '' && project !== '';
  const ws = useQuery({
    queryKey: ['workspace', workspace],
    queryFn: ({ signal }) =>
      api<Workspace>('GET', `/v1/workspaces/${encodeURIComponent(workspace)}`, { signal }),
    enabled,
  });
  const proj = useQuery({
    queryKey: ['project', workspace, project],
    queryFn: ({ signal }) =>
      api<Project>('GET', `/v1/projects/${encodeURIComponent(project)}`, {
        query: { workspace_key: workspace },
        signal,
      }),
    enabled,
  });
  const role = proj.data?.role;
  const needed = ws.data?.raw_access_min_role;
  return {
    role,
    needed,
    pending: enabled && (ws.isPending || proj.isPending),
    allowed: role !== undefined && needed !== undefined && RANK[role] >= RANK[needed],
    error: ws.error ?? proj.error,
  };
}
