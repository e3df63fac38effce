import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole, type WorkspaceAccess } from '../access/index.ts';

export function getWorkspace({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<WorkspaceAccess> {
  return requireWorkspaceRole(ctx, input.workspace_key, 'member');
}
