import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole } from '../workspaces/index.ts';
import type { ProjectMapping } from '../workspaces/index.ts';
import { byPriority } from './mapping-order.ts';

/** Mappings of a workspace (members read them, as they read its settings). */
export async function listProjectMappings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<ProjectMapping[]> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  return [...access.workspace.projectMappings].sort(byPriority);
}
