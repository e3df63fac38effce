import type { Ctx } from '../../platform/context.ts';
import type { Page } from '../../platform/http/pagination.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { memberPage } from './member-page.ts';
import type { MemberView } from './member-schemas.ts';

export async function listWorkspaceMembers({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; limit: number; cursor?: string | undefined };
}): Promise<Page<MemberView>> {
  const { workspace } = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  return memberPage(ctx.db, { workspaceId: workspace.id }, input);
}
