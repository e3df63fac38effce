import { eq } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors.ts';
import { users, type UserRow } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

/** The user a membership request names, by id or by e-mail. */
export async function findUser(
  db: Db,
  ref: { user_id?: string | undefined; email?: string | undefined },
): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(ref.user_id ? eq(users.id, ref.user_id) : eq(users.email, ref.email ?? ''))
    .limit(1);
  if (!user) throw notFound(`User ${ref.user_id ?? ref.email}`);
  return user;
}
