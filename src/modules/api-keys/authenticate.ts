import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config/index.ts';
import type { UserActor } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import type { ReusedReads } from '../../platform/db/reused-reads.ts';
import { isWellFormedKey, keyDigest } from './key-format.ts';
import { apiKeys } from './table.ts';
import { users } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

const lookupQuery = (db: Db) =>
  db
    .select({
      keyId: apiKeys.id,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      isAdmin: users.isAdmin,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.digest, sql.placeholder('digest')))
    .limit(1)
    .prepare('ctxhub_authenticate');

/** `last_used_at` is refreshed at most this often per key, so reads stay reads. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves a presented API key to its user, or null for any failure (malformed, unknown, revoked,
 * expired): callers answer every one of them the same `Invalid API key`. A key found is answered
 * again from `cache`, by digest, for `SERVICE_AUTH_CACHE_SECONDS` and never past its expiry (ADR 3);
 * a revocation makes every process forget it (ADR 0017). Failures are never kept: a new key works
 * at once.
 */
export async function authenticateApiKey(
  deps: { db: Db; config: Config; now: () => Date; cache?: ReusedReads<UserActor> },
  presented: string,
): Promise<UserActor | null> {
  if (!isWellFormedKey(presented)) return null;
  const digest = keyDigest(deps.config.secrets.apiKeyHash, presented);
  const read = deps.cache?.read(digest, deps.now(), deps.config.authCacheMs);
  if (read?.cached) return read.cached;
  const [row] = await prepared(deps.db, 'authenticate', lookupQuery).execute({ digest });
  // Found by digest equality in SQL: no second comparison here. The digest is an HMAC of the key,
  // so the lookup's timing says nothing about the key itself.
  if (!row) return null;
  const now = deps.now();
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await deps.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  const actor = keyActor(row);
  read?.keep(actor, row.expiresAt?.getTime());
  return actor;
}

/** The actor of a user acting through one of their keys (or a session made from it). */
export const keyActor = (row: {
  userId: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  keyId: string;
}): UserActor => ({
  kind: 'user',
  userId: row.userId,
  email: row.email,
  name: row.name,
  isAdmin: row.isAdmin,
  apiKeyId: row.keyId,
});
