import type { Ctx } from '../../platform/context.ts';
import type { Page } from '../../platform/http/pagination.ts';
import { memberPage } from '../workspaces/index.ts';
import type { MemberView } from '../workspaces/index.ts';
import { requireProjectRole } from '../access/index.ts';
import type { ProjectRef } from './project-membership-change.ts';

export async function listProjectMembers({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { limit: number; cursor?: string | undefined };
}): Promise<Page<MemberView>> {
  const { project } = await requireProjectRole(ctx, input.workspace_key, input.project_key, 'reader');
  return memberPage(ctx.db, { projectId: project.id }, input);
}
