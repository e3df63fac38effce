import type { Ctx } from '../../platform/context.ts';
import { byPriority } from './mapping-order.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import type { ProjectMapping } from '../tenancy/index.ts';

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
