import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { users, workspaceMembers } from '../tenancy/index.ts';
import { requireUser, workspaceRank } from '../access/index.ts';

/** Why the caller may manage a user's keys; key events of a workspace admin go to that workspace's log. */
export type Authority =
  { kind: 'self' } | { kind: 'server_admin' } | { kind: 'workspace_admin'; workspaceId: string };

/**
 * "Admin" of the key rules (docs/api.md#api-keys-and-one-time-links): a server administrator, or an
 * owner/admin of a workspace in which the target user is a member with a lower role. Because a reset
 * hands the target's new key to the caller, the caller must outrank the target in EVERY workspace
 * the target belongs to (an admin of one workspace must not become, through a reset, the owner of
 * another); a server administrator is outranked by nobody. Users the caller shares no workspace with
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
  const theirs = workspaceMembers;
  const mine = alias(workspaceMembers, 'mine');
  const memberships = await ctx.db
    .select({
      workspaceId: theirs.workspaceId,
      theirRole: theirs.role,
      myRole: mine.role,
      theyAreServerAdmin: users.isAdmin,
    })
    .from(theirs)
    .innerJoin(users, eq(users.id, theirs.userId))
    .leftJoin(mine, and(eq(mine.workspaceId, theirs.workspaceId), eq(mine.userId, actor.userId)))
    .where(eq(theirs.userId, targetUserId));
  const [firstShared] = memberships.filter((m) => m.myRole !== null);
  if (!firstShared) throw notFound(`User ${targetUserId}`);
  const outranked = (m: (typeof memberships)[number]) =>
    !m.theyAreServerAdmin &&
    m.myRole !== null &&
    // A member (the lowest rank) outranks nobody, so the rank comparison alone excludes them.
    workspaceRank(m.myRole) > workspaceRank(m.theirRole);
  if (!memberships.every(outranked)) {
    throw forbidden('Requires an administrator who outranks this user in every workspace they belong to');
  }
  return { kind: 'workspace_admin', workspaceId: firstShared.workspaceId };
}

export const auditWorkspaceOf = (a: Authority) => (a.kind === 'workspace_admin' ? a.workspaceId : null);
