import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { recordAccessChange } from '../audit/index.ts';
import {
  accessChange,
  asMaintainer,
  ceiling,
  lockProjectMembership,
  projectMembershipOf,
  type ProjectRef,
} from './project-membership-change.ts';
import { projectMembers } from '../tenancy/index.ts';

export function removeProjectMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { user_id: string };
}): Promise<void> {
  return asMaintainer(ctx, input, async (ctx, access) => {
    const current = await lockProjectMembership(ctx, access.project.id, input.user_id);
    ceiling(access, current.role, null);
    await ctx.db.delete(projectMembers).where(projectMembershipOf(access.project.id, input.user_id));
    await accessChanged(ctx);
    await recordAccessChange(ctx, accessChange(access, input.user_id, current.role, null));
  });
}
