import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordAccessChange } from '../audit/index.ts';
import {
  requireWorkspaceRole,
  assertWithinCeiling,
  workspaceRank,
  workspaceRoleOfRank,
} from '../access/index.ts';
import { assertNotLastOwner, lockMembership, membershipOf } from './membership-locks.ts';
import { workspaceMembers, projectMembers, projects } from '../tenancy/index.ts';

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
  await inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
    const current = await lockMembership(ctx, access.workspace.id, input.user_id);
    if (!current) throw notFound(`Member ${input.user_id}`);
    assertWithinCeiling(workspaceRank(access.role), workspaceRank(current.role), null, workspaceRoleOfRank);
    if (current.role === 'owner') await assertNotLastOwner(ctx, access.workspace.id, input.user_id);
    const correlationId = newId('cor');
    const projectRoles = await ctx.db
      .select({ projectId: projects.id, projectKey: projects.key, role: projectMembers.role })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(and(eq(projects.workspaceId, access.workspace.id), eq(projectMembers.userId, input.user_id)));
    if (projectRoles.length > 0) {
      await ctx.db.delete(projectMembers).where(
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
      await recordAccessChange(ctx, {
        workspace: access.workspace,
        project: { id: p.projectId, key: p.projectKey },
        targetUserId: input.user_id,
        oldRole: p.role,
        newRole: null,
        source: 'manual',
        correlationId,
      });
    }
    await accessChanged(ctx);
    await ctx.db.delete(workspaceMembers).where(membershipOf(access.workspace.id, input.user_id));
    await recordAccessChange(ctx, {
      workspace: access.workspace,
      targetUserId: input.user_id,
      oldRole: current.role,
      newRole: null,
      source: 'manual',
      correlationId,
    });
  });
}
