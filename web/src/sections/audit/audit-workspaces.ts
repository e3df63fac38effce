import { usePagedList } from '../../api/paged.ts';
import { workspaceQueries } from '../../api/queries/workspaces.ts';
import type { Session } from '../../api/types.ts';
import { administers } from '../../api/workspace-access.ts';

/**
 * The caller's workspaces, split into those whose audit they may read (admin or owner; every one
 * for a server administrator) and the rest, with the one the address names (if listed).
 */
export function useAuditWorkspaces(session: Session, chosen: string) {
  const list = usePagedList(workspaceQueries.list(200));
  // A workspace's audit log and access timeline are its administrators'.
  const auditable = list.items.filter((w) => administers(session, w));
  const current = list.items.find((w) => w.workspace_key === chosen);
  return {
    isPending: list.isPending,
    error: list.error,
    all: list.items,
    auditable,
    current,
    /** Known not to be auditable by the caller: listed with a lower role, or not listed at all. */
    refused: chosen !== '' && !list.isPending && !administers(session, current),
  };
}
