import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { resetKeysWithAudit, type IssuedLink } from '../api-keys/index.ts';
import { users } from '../tenancy/index.ts';

/** `ctxhub admin reset-key`: a lost administrator key, replaced from the server's own machine. */
export async function resetAdminKey({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { email: string };
}): Promise<IssuedLink> {
  return inTransaction(ctx, async (ctx) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
    if (!user) throw notFound(`User ${input.email}`);
    if (!user.isAdmin)
      throw forbidden(`${input.email} is not a server administrator; an administrator can reset their keys`);
    return resetKeysWithAudit(ctx, {
      userId: user.id,
      label: 'admin reset',
      createdBy: null,
      workspaceId: null,
      authority: 'server_console',
    });
  });
}
