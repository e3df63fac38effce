import { desc, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { users, type UserRow } from '../tenancy/index.ts';
import { requireServerAdmin } from '../access/index.ts';

export async function listUsers({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { limit: number; cursor?: string | undefined };
}): Promise<Page<UserRow>> {
  requireServerAdmin(ctx);
  const after = keyCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select()
    .from(users)
    .where(after ? lt(users.id, after) : undefined)
    .orderBy(desc(users.id))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => r.id);
}
