import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { recordAccessChange } from '../audit/index.ts';
import { memberView, type MemberView } from '../workspaces/index.ts';
import {
  accessChange,
  asMaintainer,
  ceiling,
  lockProjectMembership,
  projectMembershipOf,
  type ProjectRef,
} from './project-membership-change.ts';
import { projectMembers, type ProjectRole } from '../tenancy/index.ts';

export function changeProjectMemberRole({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { user_id: string; role: ProjectRole };
}): Promise<MemberView> {
  return asMaintainer(ctx, input, async (ctx, access) => {
    const current = await lockProjectMembership(ctx, access.project.id, input.user_id);
    ceiling(access, current.role, input.role);
    if (current.role !== input.role) {
      await ctx.db
        .update(projectMembers)
        .set({ role: input.role })
        .where(projectMembershipOf(access.project.id, input.user_id));
      await accessChanged(ctx);
      await recordAccessChange(ctx, accessChange(access, input.user_id, current.role, input.role));
    }
    return memberView(current.user, { ...current, role: input.role });
  });
}
