import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit } from '../audit/index.ts';
import { generateKey, keyDigest, recognitionPrefix } from './key-format.ts';
import { apiKeys, type ApiKeyRow } from './table.ts';
import { missing } from '../../platform/missing.ts';
import { requireUser } from '../access/index.ts';

export interface CreateApiKeyInput {
  label?: string | undefined;
  expires_at?: Date | undefined;
}

/** A user issues a key for themselves; the plaintext is returned here and never again. */
export async function createApiKey({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateApiKeyInput;
}): Promise<{ key: ApiKeyRow; plaintext: string }> {
  const actor = requireUser(ctx);
  const now = ctx.now();
  if (input.expires_at && input.expires_at <= now)
    throw invalidField('body.expires_at', 'must be in the future');
  const plaintext = generateKey();
  return inTransaction(ctx, async (ctx) => {
    const [key = missing('the inserted API key')] = await ctx.db
      .insert(apiKeys)
      .values({
        id: newId('key'),
        userId: actor.userId,
        label: input.label ?? null,
        prefix: recognitionPrefix(plaintext),
        digest: keyDigest(ctx.config.secrets.apiKeyHash, plaintext),
        createdBy: actor.userId,
        createdAt: now,
        expiresAt: input.expires_at ?? null,
      })
      .returning();
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'api_key.created',
      target: { type: 'api_key', id: key.id },
      params: {
        key_id: key.id,
        user_id: actor.userId,
        label: key.label,
        expires_at: input.expires_at?.toISOString() ?? null,
      },
    });
    return { key, plaintext };
  });
}
