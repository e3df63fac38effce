import type { Ctx } from '../../platform/context.ts';
import { requireProjectRole, type ProjectAccess } from '../access/index.ts';

export function getProject({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; project_key: string };
}): Promise<ProjectAccess> {
  return requireProjectRole(ctx, input.workspace_key, input.project_key, 'reader');
}
