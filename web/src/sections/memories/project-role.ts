import { useProject } from '../../api/project-access.ts';

export interface MemoryRights {
  /** Create memories and edit them (as drafts). */
  write: boolean;
  /** Confirm, reject and delete memories, create them in any status. */
  maintain: boolean;
}

const NONE: MemoryRights = { write: false, maintain: false };

/** What the caller may do with a project's memories, from their role on it (GET /v1/projects/:key). */
export function useMemoryRights(workspace: string, project: string) {
  const query = useProject(workspace, project);
  const role = query.data?.role;
  const rights: MemoryRights = !role
    ? NONE
    : { write: role === 'writer' || role === 'maintainer', maintain: role === 'maintainer' };
  return { rights, role, error: query.error };
}
