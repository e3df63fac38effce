import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { users } from '../users/table.ts';
import { requireUser } from '../workspaces/access.ts';
import { workspaceRank } from '../workspaces/roles.ts';
import { workspaceMembers } from '../workspaces/table.ts';

/** Why the caller may manage a user's keys; key events of a workspace admin go to that workspace's log. */
export type Authority =
  { kind: 'self' } | { kind: 'server_admin' } | { kind: 'workspace_admin'; workspaceId: string };

/**
 * "Admin" of interface.md's key rules: a server administrator, or an owner/admin of a workspace in
 * which the target user is a member with a lower role. Users the caller shares no workspace with
 * are `not_found`; fellow members the caller may not manage are `forbidden`.
 */
export async function authorityOverUser(
  ctx: Ctx,
  targetUserId: string,
  allowSelf: boolean,
): Promise<Authority> {
  const actor = requireUser(ctx);
  if (actor.isAdmin) {
    const [target] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, targetUserId));
    if (!target) throw notFound(`User ${targetUserId}`);
    return { kind: 'server_admin' };
  }
  if (actor.userId === targetUserId) {
    if (allowSelf) return { kind: 'self' };
    throw forbidden('Requires an administrator of this user');
  }
  const mine = workspaceMembers;
  const theirs = alias(workspaceMembers, 'theirs');
  const shared = await ctx.db
    .select({ workspaceId: mine.workspaceId, myRole: mine.role, theirRole: theirs.role })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.workspaceId, mine.workspaceId), eq(theirs.userId, targetUserId)))
    .where(eq(mine.userId, actor.userId));
  const governing = shared.find(
    (s) => s.myRole !== 'member' && workspaceRank(s.myRole) > workspaceRank(s.theirRole),
  );
  if (governing) return { kind: 'workspace_admin', workspaceId: governing.workspaceId };
  if (shared.length > 0) throw forbidden('Requires an administrator of this user');
  throw notFound(`User ${targetUserId}`);
}

export const auditWorkspaceOf = (a: Authority) => (a.kind === 'workspace_admin' ? a.workspaceId : null);
