import { useQuery } from '@tanstack/react-query';
import { projectQueries } from './queries/projects.ts';
import { workspaceQueries } from './queries/workspaces.ts';
import type { Project } from './types.ts';

const RANK: Record<Project['role'], number> = { reader: 0, writer: 1, maintainer: 2 };

/** The caller's project (with their effective role on it: GET /v1/projects/:key), once both are chosen. */
export function useProject(workspace: string, project: string) {
  return useQuery({
    ...projectQueries.detail(workspace, project),
    enabled: workspace !== '' && project !== '',
  });
}

/**
 * Whether the caller may reach a project's raw transcripts (raw snippets, and imports, which carry
 * them): their project role against the workspace's `raw_access_min_role` (project writer unless
 * the workspace raised it). The server decides on every call anyway.
 */
export function useRawAccess(workspace: string, project: string) {
  const chosen = workspace !== '' && project !== '';
  const ws = useQuery({ ...workspaceQueries.detail(workspace), enabled: workspace !== '' });
  const proj = useProject(workspace, project);
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
