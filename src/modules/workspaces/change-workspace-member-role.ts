import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { notFound } from '../../platform/http/errors.ts';
import { recordAccessChange } from '../audit/index.ts';
import {
  requireWorkspaceRole,
  assertWithinCeiling,
  workspaceRank,
  workspaceRoleOfRank,
} from '../access/index.ts';
import { assertNotLastOwner, lockMembership, membershipOf } from './membership-locks.ts';
import { memberView, type MemberView } from './member-schemas.ts';
import { workspaceMembers, type WorkspaceRole } from '../tenancy/index.ts';

export async function changeWorkspaceMemberRole({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; user_id: string; role: WorkspaceRole };
}): Promise<MemberView> {
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
    const current = await lockMembership(ctx, access.workspace.id, input.user_id);
    if (!current) throw notFound(`Member ${input.user_id}`);
    assertWithinCeiling(
      workspaceRank(access.role),
      workspaceRank(current.role),
      workspaceRank(input.role),
      workspaceRoleOfRank,
    );
    if (current.role === input.role) return memberView(current.user, current);
    if (current.role === 'owner') await assertNotLastOwner(ctx, access.workspace.id, input.user_id);
    await ctx.db
      .update(workspaceMembers)
      .set({ role: input.role })
      .where(membershipOf(access.workspace.id, input.user_id));
    await accessChanged(ctx);
    await recordAccessChange(ctx, {
      workspace: access.workspace,
      targetUserId: input.user_id,
      oldRole: current.role,
      newRole: input.role,
      source: 'manual',
    });
    return memberView(current.user, { ...current, role: input.role });
  });
}
