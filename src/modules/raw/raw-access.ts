import type { Ctx } from '../../platform/context.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { requireProjectRole, type ProjectAccess, projectRank } from '../access/index.ts';

/**
 * Raw transcripts are more sensitive than curated memories: they need the project role the
 * workspace's `raw_access_min_role` names (writer unless raised to maintainer).
 */
export async function requireRawAccess(
  ctx: Ctx,
  workspaceKey: string,
  projectKey: string,
): Promise<ProjectAccess> {
  const access = await requireProjectRole(ctx, workspaceKey, projectKey, 'reader');
  const needed = access.workspaceAccess.workspace.rawAccessMinRole;
  if (projectRank(access.role) < projectRank(needed)) {
    throw forbidden(
      `Raw transcript snippets require the project ${needed} role or higher (workspace setting raw_access_min_role)`,
    );
  }
  return access;
}
