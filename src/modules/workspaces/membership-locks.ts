import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { conflict } from '../../platform/http/errors.ts';
import { workspaceMembers, users } from '../tenancy/index.ts';

/**
 * A workspace always keeps at least one owner. The owners' rows are locked, so two owners
 * demoting or removing each other at once cannot both succeed.
 */
export async function assertNotLastOwner(
  ctx: Ctx,
  workspaceId: string,
  leavingUserId: string,
): Promise<void> {
  const owners = await ctx.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .for('update');
  if (!owners.some((o) => o.userId !== leavingUserId)) {
    throw conflict('A workspace must keep at least one owner; make someone else owner first');
  }
}

/** The row of one user's membership in one workspace. */
export const membershipOf = (workspaceId: string, userId: string) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));

/**
 * The membership row of a user in a workspace, locked for the rest of the transaction, with the
 * user read in the same query (their row is not locked).
 */
export async function lockMembership(ctx: Ctx, workspaceId: string, userId: string) {
  const [row] = await ctx.db
    .select({ membership: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(membershipOf(workspaceId, userId))
    .for('update', { of: workspaceMembers });
  return row && { ...row.membership, user: row.user };
}

/**
 * Holds a user's workspace membership (a key-share lock) while a project membership is created for
 * them: a concurrent removal from the workspace then waits and cascades, or wins first and this
 * answers false. Never an orphan project membership.
 */
export async function holdMembership(ctx: Ctx, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(membershipOf(workspaceId, userId))
    .for('key share');
  return row !== undefined;
}
