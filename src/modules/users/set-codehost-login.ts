import { and, eq, ne } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { requireUser } from '../access/index.ts';
import { appendAudit } from '../audit/index.ts';
import { users, type UserRow } from '../tenancy/index.ts';

/**
 * A user's login at the code host (lower-cased; null clears it), by which the code host's
 * permission sync finds them when their public e-mail does not. Set by the user or a server admin;
 * a login another user holds is a conflict. Audited on the server's chain.
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
  if (!self && !actor.isAdmin) {
    throw forbidden("Only the user or a server admin sets a user's code host login");
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
      params: { user_id: user.id, codehost_login: login, authority: self ? 'self' : 'server_admin' },
    });
    return user;
  });
}
