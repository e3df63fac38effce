import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { notFound, notFoundAs } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/index.ts';
import { auditWorkspaceOf, authorityOverUser } from './key-authority.ts';
import { apiKeys, type ApiKeyRow } from './table.ts';
import { missing } from '../../platform/missing.ts';

/** Revokes a key (its owner or an admin). Revoking a revoked key changes nothing and answers it as is. */
export async function revokeApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ApiKeyRow> {
  return inTransaction(ctx, async (ctx) => {
    const [key] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, input.id)).for('update');
    if (!key) throw notFound(`API key ${input.id}`);
    // Someone else's key, seen by a caller with no say over its owner, does not exist for them.
    const authority = await authorityOverUser(ctx, key.userId, true).catch(notFoundAs(`API key ${input.id}`));
    // The row is locked (FOR UPDATE) and was read after the lock: nobody revokes it meanwhile.
    if (key.revokedAt) return key;
    const [revoked = missing('the revoked API key')] = await ctx.db
      .update(apiKeys)
      .set({ revokedAt: ctx.now() })
      .where(eq(apiKeys.id, key.id))
      .returning();
    await appendAudit(ctx, {
      workspaceId: auditWorkspaceOf(authority),
      action: 'api_key.revoked',
      target: { type: 'api_key', id: key.id },
      params: { key_id: key.id, user_id: key.userId, authority: authority.kind },
    });
    await accessChanged(ctx);
    return revoked;
  });
}
