import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  requireProjectRole,
  type ProjectAccess,
  assertWithinCeiling,
  projectRank,
  projectRoleOfRank,
} from '../access/index.ts';
import { projectMembers, type ProjectRole, users } from '../tenancy/index.ts';

/** What a project membership verb names: the workspace and the project. */
export interface ProjectRef {
  workspace_key: string;
  project_key: string;
}

/** Runs a membership change as a project maintainer, in one transaction with its access entry. */
export function asMaintainer<T>(
  ctx: Ctx,
  ref: ProjectRef,
  work: (ctx: Ctx, access: ProjectAccess) => Promise<T>,
) {
  return inTransaction(ctx, async (ctx) =>
    work(ctx, await requireProjectRole(ctx, ref.workspace_key, ref.project_key, 'maintainer')),
  );
}

export const ceiling = (access: ProjectAccess, oldRole: ProjectRole | null, newRole: ProjectRole | null) =>
  assertWithinCeiling(
    projectRank(access.role),
    oldRole && projectRank(oldRole),
    newRole && projectRank(newRole),
    projectRoleOfRank,
  );

export const accessChange = (
  access: ProjectAccess,
  userId: string,
  oldRole: ProjectRole | null,
  newRole: ProjectRole | null,
) => ({
  workspace: access.workspaceAccess.workspace,
  project: access.project,
  targetUserId: userId,
  oldRole,
  newRole,
  source: 'manual' as const,
});

/** The row of one user's membership in one project. */
export const projectMembershipOf = (projectId: string, userId: string) =>
  and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId));

/**
 * The membership row of a user in a project, locked for the rest of the transaction, with the user
 * read in the same query (their row is not locked). `not_found` if there is none.
 */
export async function lockProjectMembership(ctx: Ctx, projectId: string, userId: string) {
  const [row] = await ctx.db
    .select({ membership: projectMembers, user: users })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(projectMembershipOf(projectId, userId))
    .for('update', { of: projectMembers });
  if (!row) throw notFound(`Project member ${userId}`);
  return { ...row.membership, user: row.user };
}
