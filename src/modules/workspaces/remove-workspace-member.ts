import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAccessChange } from '../audit/index.ts';
import { projectMembers, projects } from '../projects/index.ts';
import { requireWorkspaceRole } from './access.ts';
import { assertNotLastOwner, lockMembership, membershipOf } from './membership-locks.ts';
import { assertWithinCeiling, workspaceRank, workspaceRoleOfRank } from './roles.ts';
import { workspaceMembers } from './table.ts';

/**
 * Removes a workspace member and, with them, their project memberships in that workspace. All
 * the access entries of one removal share a correlation id.
 */
export async function removeWorkspaceMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; user_id: string };
}): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const access = await requireWorkspaceRole(txCtx, input.workspace_key, 'admin');
    const current = await lockMembership(txCtx, access.workspace.id, input.user_id);
    if (!current) throw notFound(`Member ${input.user_id}`);
    assertWithinCeiling(workspaceRank(access.role), workspaceRank(current.role), null, workspaceRoleOfRank);
    if (current.role === 'owner') await assertNotLastOwner(txCtx, access.workspace.id, input.user_id);
    const correlationId = newId('cor');
    const projectRoles = await tx
      .select({ projectId: projects.id, projectKey: projects.key, role: projectMembers.role })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(and(eq(projects.workspaceId, access.workspace.id), eq(projectMembers.userId, input.user_id)));
    if (projectRoles.length > 0) {
      await tx.delete(projectMembers).where(
        and(
          eq(projectMembers.userId, input.user_id),
          inArray(
            projectMembers.projectId,
            projectRoles.map((p) => p.projectId),
          ),
        ),
      );
    }
    for (const p of projectRoles) {
      await recordAccessChange(txCtx, {
        workspace: access.workspace,
        project: { id: p.projectId, key: p.projectKey },
        targetUserId: input.user_id,
        oldRole: p.role,
        newRole: null,
        source: 'manual',
        correlationId,
      });
    }
    await tx.delete(workspaceMembers).where(membershipOf(access.workspace.id, input.user_id));
    await recordAccessChange(txCtx, {
      workspace: access.workspace,
      targetUserId: input.user_id,
      oldRole: current.role,
      newRole: null,
      source: 'manual',
      correlationId,
    });
  });
}
