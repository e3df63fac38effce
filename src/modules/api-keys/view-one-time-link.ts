import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { gone, notFound } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/index.ts';
import { generateKey, keyDigest, recognitionPrefix } from './key-format.ts';
import { readOneTimeToken } from './one-time-token.ts';
import { apiKeys, oneTimeLinks, type ApiKeyRow } from './table.ts';

export const LINK_USED = 'This one-time link was already used or has expired';

/**
 * Opens a one-time link: exactly once, within its TTL. The key's plaintext is generated now, its
 * digest stored, and the plaintext returned; a second view (even a concurrent one) answers 410.
 */
export async function viewOneTimeLink({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { token: string };
}): Promise<{ key: ApiKeyRow; plaintext: string }> {
  const claim = readOneTimeToken(ctx.config.secrets.oneTimeToken, input.token);
  if (!claim) throw notFound('One-time link');
  const now = ctx.now();
  if (claim.expiresAt <= now) throw gone(LINK_USED);
  const plaintext = generateKey();
  return inTransaction(ctx, async (ctx) => {
    const [link] = await ctx.db
      .update(oneTimeLinks)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeLinks.id, claim.linkId),
          isNull(oneTimeLinks.consumedAt),
          gt(oneTimeLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) {
      const [exists] = await ctx.db
        .select({ id: oneTimeLinks.id })
        .from(oneTimeLinks)
        .where(eq(oneTimeLinks.id, claim.linkId));
      throw exists ? gone(LINK_USED) : notFound('One-time link');
    }
    const [key] = await ctx.db
      .update(apiKeys)
      .set({
        digest: keyDigest(ctx.config.secrets.apiKeyHash, plaintext),
        prefix: recognitionPrefix(plaintext),
      })
      .where(and(eq(apiKeys.id, link.apiKeyId), isNull(apiKeys.digest), isNull(apiKeys.revokedAt)))
      .returning();
    // The key was revoked (by a later reset) before its link was opened: nothing left to reveal.
    if (!key) throw gone('The key behind this link was revoked');
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'api_key.one_time_view',
      target: { type: 'api_key', id: key.id },
      params: { key_id: key.id, user_id: key.userId, link_id: link.id },
    });
    return { key, plaintext };
  });
}
