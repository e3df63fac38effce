import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { gone, notFound } from '../../platform/http/errors.ts';
import { readOneTimeToken } from './one-time-token.ts';
import { apiKeys, oneTimeLinks } from './table.ts';
import { LINK_USED } from './view-one-time-link.ts';

/**
 * Whether a one-time link can still reveal its key, without using it: the same 404 and 410 as
 * opening it. What a browser's GET runs before offering the reveal button.
 */
export async function checkOneTimeLink({ ctx, input }: { ctx: Ctx; input: { token: string } }): Promise<{
  expiresAt: Date;
}> {
  const claim = readOneTimeToken(ctx.config.secrets.oneTimeToken, input.token);
  if (!claim) throw notFound('One-time link');
  const [link] = await ctx.db
    .select({ consumedAt: oneTimeLinks.consumedAt, expiresAt: oneTimeLinks.expiresAt, keyId: apiKeys.id })
    .from(oneTimeLinks)
    .leftJoin(
      apiKeys,
      and(eq(apiKeys.id, oneTimeLinks.apiKeyId), isNull(apiKeys.digest), isNull(apiKeys.revokedAt)),
    )
    .where(eq(oneTimeLinks.id, claim.linkId));
  if (!link) throw notFound('One-time link');
  if (link.consumedAt || link.expiresAt <= ctx.now()) throw gone(LINK_USED);
  if (!link.keyId) throw gone('The key behind this link was revoked');
  return { expiresAt: link.expiresAt };
}
