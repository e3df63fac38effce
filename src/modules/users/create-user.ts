import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit } from '../audit/index.ts';
import { users, type UserRow } from '../tenancy/index.ts';
import { requireServerAdmin } from '../access/index.ts';

export interface CreateUserInput {
  email: string;
  name?: string | undefined;
  is_admin?: boolean | undefined;
}

/** Server admins create users (who then get keys through a reset link or create their own). */
export async function createUser({ ctx, input }: { ctx: Ctx; input: CreateUserInput }): Promise<UserRow> {
  requireServerAdmin(ctx);
  return inTransaction(ctx, async (ctx) => {
    const [user] = await ctx.db
      .insert(users)
      .values({
        id: newId('usr'),
        email: input.email.toLowerCase(),
        name: input.name ?? null,
        isAdmin: input.is_admin ?? false,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw conflict(`A user with e-mail ${input.email} already exists`);
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'user.created',
      target: { type: 'user', id: user.id },
      params: { user_id: user.id, email: user.email, is_admin: user.isAdmin },
    });
    return user;
  });
}
