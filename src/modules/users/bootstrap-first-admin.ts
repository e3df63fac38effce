import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit } from '../audit/index.ts';
import { issueOneTimeKey, type IssuedLink } from '../api-keys/index.ts';
import { users } from '../tenancy/index.ts';
import { missing } from '../../platform/missing.ts';

const BOOTSTRAP_LOCK_ID = 7_240_532;

/**
 * First start on an empty database: creates the first server administrator and a key behind a
 * one-time link. Does nothing (returns null) once any user exists; safe with several servers
 * starting at once on one PostgreSQL.
 */
export async function bootstrapFirstAdmin({
  ctx,
}: {
  ctx: Ctx;
}): Promise<(IssuedLink & { email: string }) | null> {
  return inTransaction(ctx, async (ctx) => {
    await ctx.db.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    const [anyone] = await ctx.db.select({ id: users.id }).from(users).limit(1);
    if (anyone) return null;
    const email = ctx.config.bootstrapAdminEmail;
    const [admin = missing('the first admin')] = await ctx.db
      .insert(users)
      .values({ id: newId('usr'), email, name: 'Administrator', isAdmin: true, createdAt: ctx.now() })
      .returning();
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'user.created',
      target: { type: 'user', id: admin.id },
      params: { user_id: admin.id, email, is_admin: true, reason: 'first_start' },
    });
    const issued = await issueOneTimeKey(ctx, { userId: admin.id, label: 'first start', createdBy: null });
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'api_key.created',
      target: { type: 'api_key', id: issued.keyId },
      params: { key_id: issued.keyId, user_id: admin.id, delivery: 'one_time_link' },
    });
    return { ...issued, email };
  });
}
