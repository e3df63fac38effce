import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { conflict } from '../../platform/http/errors.ts';
import { recordAccessChange } from '../audit/index.ts';
import { findUser, holdMembership, memberView, type MemberView } from '../workspaces/index.ts';
import { accessChange, asMaintainer, ceiling, type ProjectRef } from './project-membership-change.ts';
import { projectMembers, type ProjectRole } from '../tenancy/index.ts';

export function addProjectMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { user_id?: string | undefined; email?: string | undefined; role: ProjectRole };
}): Promise<MemberView> {
  return asMaintainer(ctx, input, async (ctx, access) => {
    ceiling(access, null, input.role);
    const user = await findUser(ctx.db, input);
    // Locked (key share) so a concurrent removal from the workspace either waits for this
    // insert (and then cascades it) or wins first (and this answers 409): never an orphan row.
    const inWorkspace = await holdMembership(ctx, access.project.workspaceId, user.id);
    if (!inWorkspace) {
      throw conflict(
        `${user.email} is not a member of workspace ${input.workspace_key}; add them there first`,
      );
    }
    const [added] = await ctx.db
      .insert(projectMembers)
      .values({ projectId: access.project.id, userId: user.id, role: input.role, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (!added) throw conflict(`${user.email} is already a member of ${access.project.key}`);
    await accessChanged(ctx);
    await recordAccessChange(ctx, accessChange(access, user.id, null, input.role));
    return memberView(user, added);
  });
}
