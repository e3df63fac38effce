import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { requireUser, workspaceRank } from '../access/index.ts';
import { appendAudit } from '../audit/index.ts';
import { users, workspaceMembers, type UserRow } from '../tenancy/index.ts';

/**
 * Whether the actor is an owner or admin of a workspace in which the user is a member with a
 * lower role (what "an admin of that user" means for key rules too).
 */
async function adminOf(ctx: Ctx, actorId: string, userId: string): Promise<boolean> {
  const theirs = alias(workspaceMembers, 'theirs');
  const rows = await ctx.db
    .select({ mine: workspaceMembers.role, theirs: theirs.role })
    .from(workspaceMembers)
    .innerJoin(theirs, eq(theirs.workspaceId, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, actorId), eq(theirs.userId, userId)));
  return rows.some(
    (r) => workspaceRank(r.mine) >= workspaceRank('admin') && workspaceRank(r.mine) > workspaceRank(r.theirs),
  );
}

/**
 * A user's login at the code host (lower-cased; null clears it), by which the code host's
 * permission sync finds them when their public e-mail does not. Set by the user, a server admin,
 * or an owner or admin of a workspace where the user holds a lower role; a login another user
 * holds is a conflict. Audited on the server's chain.
 */
export async function setCodehostLogin({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { user_id: string; codehost_login: string | null };
}): Promise<UserRow> {
  const actor = requireUser(ctx);
  const self = actor.userId === input.user_id;
  const authority = self
    ? 'self'
    : actor.isAdmin
      ? 'server_admin'
      : (await adminOf(ctx, actor.userId, input.user_id))
        ? 'workspace_admin'
        : null;
  if (!authority) {
    throw forbidden(
      "Only the user, a server admin, or an admin of a workspace they belong to sets a user's code host login",
    );
  }
  const login = input.codehost_login?.toLowerCase() ?? null;
  return inTransaction(ctx, async (ctx) => {
    if (login) {
      const [holder] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.codehostLogin, login), ne(users.id, input.user_id)));
      if (holder) throw conflict(`The code host login ${login} belongs to another user`);
    }
    const [user] = await ctx.db
      .update(users)
      .set({ codehostLogin: login })
      .where(eq(users.id, input.user_id))
      .returning();
    if (!user) throw notFound(`User ${input.user_id}`);
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'user.codehost_login_set',
      target: { type: 'user', id: user.id },
      params: { user_id: user.id, codehost_login: login, authority },
    });
    return user;
  });
}
