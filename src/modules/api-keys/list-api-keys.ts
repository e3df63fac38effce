import { and, desc, eq, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { authorityOverUser } from './key-authority.ts';
import { apiKeys, type ApiKeyRow } from './table.ts';
import { requireUser } from '../access/index.ts';

/** Key metadata (never plaintext or digests) of the caller, or of a user the caller administers. */
export async function listApiKeys({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { user_id?: string | undefined; limit: number; cursor?: string | undefined };
}): Promise<Page<ApiKeyRow>> {
  const actor = requireUser(ctx);
  const userId = input.user_id ?? actor.userId;
  if (userId !== actor.userId) await authorityOverUser(ctx, userId, true);
  const after = keyCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), after ? lt(apiKeys.id, after) : undefined))
    .orderBy(desc(apiKeys.id))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => r.id);
}
