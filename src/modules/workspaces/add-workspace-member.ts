import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict } from '../../platform/http/errors.ts';
import { recordAccessChange } from '../audit/index.ts';
import {
  requireWorkspaceRole,
  assertWithinCeiling,
  workspaceRank,
  workspaceRoleOfRank,
} from '../access/index.ts';
import { findUser } from './user-lookup.ts';
import { memberView, type MemberView } from './member-schemas.ts';
import { workspaceMembers, type WorkspaceRole } from '../tenancy/index.ts';

export interface AddWorkspaceMemberInput {
  workspace_key: string;
  user_id?: string | undefined;
  email?: string | undefined;
  role: WorkspaceRole;
}

export async function addWorkspaceMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AddWorkspaceMemberInput;
}): Promise<MemberView> {
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
    assertWithinCeiling(workspaceRank(access.role), null, workspaceRank(input.role), workspaceRoleOfRank);
    const user = await findUser(ctx.db, input);
    const now = ctx.now();
    const [added] = await ctx.db
      .insert(workspaceMembers)
      .values({ workspaceId: access.workspace.id, userId: user.id, role: input.role, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!added) throw conflict(`${user.email} is already a member of ${access.workspace.key}`);
    await accessChanged(ctx);
    await recordAccessChange(ctx, {
      workspace: access.workspace,
      targetUserId: user.id,
      oldRole: null,
      newRole: input.role,
      source: 'manual',
    });
    return memberView(user, added);
  });
}
