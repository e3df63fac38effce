import { inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { users } from '../tenancy/index.ts';
import type { CodehostClient } from './codehost-api.ts';
import { inBatches } from './in-batches.ts';
import { cachedPublicEmail } from './public-email-cache.ts';

/** Rows are matched 1,000 names at a time. */
const CHUNK = 1000;

/**
 * Each collaborator login's ctxhub user: by the code host login a user stored, else by the public
 * (verified) e-mail the code host shows for the login. Logins that match nobody are left out.
 */
export async function usersOfLogins(
  ctx: Ctx,
  client: CodehostClient,
  apiUrl: string,
  logins: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < logins.length; i += CHUNK) {
    const rows = await ctx.db
      .select({ id: users.id, login: users.codehostLogin })
      .from(users)
      .where(inArray(users.codehostLogin, logins.slice(i, i + CHUNK)));
    for (const row of rows) if (row.login) found.set(row.login, row.id);
  }
  const rest = logins.filter((login) => !found.has(login));
  const nowMs = ctx.now().getTime();
  const got = await inBatches(rest, (login) => cachedPublicEmail(client, apiUrl, login, nowMs));
  const emails = new Map<string, string>();
  rest.forEach((login, i) => {
    const email = got[i];
    if (email) emails.set(email, login);
  });
  const addresses = [...emails.keys()];
  for (let i = 0; i < addresses.length; i += CHUNK) {
    const rows = await ctx.db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, addresses.slice(i, i + CHUNK)));
    for (const row of rows) {
      const login = emails.get(row.email);
      if (login) found.set(login, row.id);
    }
  }
  return found;
}
