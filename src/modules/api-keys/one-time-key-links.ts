import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit } from '../audit/index.ts';
import { signOneTimeToken } from './one-time-token.ts';
import { apiKeys, oneTimeLinks } from './table.ts';

export interface IssuedLink {
  keyId: string;
  url: string;
  expiresAt: Date;
  revokedKeyIds: string[];
}

/**
 * Revokes every active key of a user and creates one new key behind a one-time link. Runs inside
 * the caller's transaction (`ctx.db`). The new key has no digest yet: its plaintext is generated
 * when the link is opened, so it exists nowhere before that.
 */
export async function issueOneTimeKey(
  ctx: Ctx,
  input: { userId: string; label: string; createdBy: string | null },
): Promise<IssuedLink> {
  const now = ctx.now();
  const revoked = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length > 0) await accessChanged(ctx);
  const keyId = newId('key');
  await ctx.db.insert(apiKeys).values({
    id: keyId,
    userId: input.userId,
    label: input.label,
    createdBy: input.createdBy,
    createdAt: now,
  });
  const linkId = newId('otl');
  const expiresAt = new Date(now.getTime() + ctx.config.oneTimeTokenTtlSeconds * 1000);
  await ctx.db.insert(oneTimeLinks).values({ id: linkId, apiKeyId: keyId, expiresAt, createdAt: now });
  const token = signOneTimeToken(ctx.config.secrets.oneTimeToken, linkId, expiresAt);
  return {
    keyId,
    url: `${ctx.config.publicUrl}/v1/api-keys/one-time/${token}`,
    expiresAt,
    revokedKeyIds: revoked.map((r) => r.id),
  };
}

/**
 * A reset: `issueOneTimeKey` plus its `api_key.reset` audit entry, in the caller's transaction.
 * `authority` says on what grounds (self-service never resets; see key-authority.ts).
 */
export async function resetKeysWithAudit(
  ctx: Ctx,
  input: {
    userId: string;
    label: string;
    createdBy: string | null;
    workspaceId: string | null;
    authority: string;
  },
): Promise<IssuedLink> {
  const issued = await issueOneTimeKey(ctx, input);
  await appendAudit(ctx, {
    workspaceId: input.workspaceId,
    action: 'api_key.reset',
    target: { type: 'user', id: input.userId },
    params: {
      user_id: input.userId,
      new_key_id: issued.keyId,
      revoked_key_ids: issued.revokedKeyIds,
      link_expires_at: issued.expiresAt.toISOString(),
      authority: input.authority,
    },
  });
  return issued;
}
