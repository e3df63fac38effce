import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { users } from '../tenancy/index.ts';

/** The e-mail of each user named (ids of users gone are left out). */
export async function emailsOf(ctx: Ctx, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.email]));
}
