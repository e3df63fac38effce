import { and, eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config/index.ts';
import type { UserActor } from '../../platform/context.ts';
import type { UiSession } from '../../platform/http/types.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { apiKeys, keyActor } from '../api-keys/index.ts';
import { idleExpiry } from './session-expiry.ts';
import { csrfTokenOf, sessionDigest } from './session-token.ts';
import { uiSessions } from './table.ts';
import { users } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

const lookupQuery = (db: Db) =>
  db
    .select({
      id: uiSessions.id,
      lastSeenAt: uiSessions.lastSeenAt,
      expiresAt: uiSessions.expiresAt,
      keyId: apiKeys.id,
      keyRevokedAt: apiKeys.revokedAt,
      keyExpiresAt: apiKeys.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      isAdmin: users.isAdmin,
    })
    .from(uiSessions)
    .innerJoin(apiKeys, eq(apiKeys.id, uiSessions.apiKeyId))
    .innerJoin(users, eq(users.id, uiSessions.userId))
    .where(eq(uiSessions.digest, sql.placeholder('digest')))
    .limit(1)
    .prepare('ctxhub_session_lookup');

/**
 * The session a cookie's token names, with its user, or null when it has ended: signed out,
 * past its absolute or idle expiry, or its API key revoked or expired. Read from the database on
 * every request (no cache): a revoked key ends its sessions at once, in every process.
 * `last_seen_at` moves at most every minute (a quarter of the idle timeout when shorter).
 */
export async function findSession(
  deps: { db: Db; config: Config; now: () => Date },
  token: string,
): Promise<{ actor: UserActor; session: UiSession } | null> {
  const secret = deps.config.secrets.apiKeyHash;
  const [row] = await prepared(deps.db, 'session_lookup', lookupQuery).execute({
    digest: sessionDigest(secret, token),
  });
  if (!row) return null;
  const now = deps.now();
  const { idleMs } = deps.config.uiSession;
  if (idleExpiry(row.lastSeenAt, row.expiresAt, idleMs) <= now) return null;
  if (row.keyRevokedAt || (row.keyExpiresAt && row.keyExpiresAt <= now)) return null;
  const resolution = Math.min(60_000, idleMs / 4);
  let seen = row.lastSeenAt;
  if (now.getTime() - seen.getTime() > resolution) {
    const stale = new Date(now.getTime() - resolution);
    await deps.db
      .update(uiSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(uiSessions.id, row.id), lt(uiSessions.lastSeenAt, stale)));
    seen = now;
  }
  return {
    actor: keyActor(row),
    session: {
      id: row.id,
      csrfToken: csrfTokenOf(secret, token),
      expiresAt: row.expiresAt,
      idleExpiresAt: idleExpiry(seen, row.expiresAt, idleMs),
    },
  };
}
