import type { UserActor } from '../../platform/context.ts';

interface Entry {
  actor: UserActor;
  keyExpiresAt: number | null;
  cachedUntil: number;
}

const MAX_ENTRIES = 10_000;
/** Longer than any statement may run (PostgreSQL statement_timeout is 30 s). */
const TOMBSTONE_MS = 60_000;

/**
 * Successful authentications, by key digest, for a few seconds: the hot path then needs no
 * database round trip. Revocation and resets in this process take effect at once (`forgetKeys`);
 * in other processes sharing the database, within the TTL (docs/operations.md#postgresql).
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Keys revoked recently, with when to forget that. A lookup that read the key's row before the
   * revoking transaction committed must not put it back into the cache afterwards.
   */
  private readonly tombstones = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  get(digest: string, now: Date): UserActor | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    const t = now.getTime();
    if (entry.cachedUntil <= t || (entry.keyExpiresAt !== null && entry.keyExpiresAt <= t)) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry.actor;
  }

  set(digest: string, actor: UserActor, keyExpiresAt: Date | null, now: Date): void {
    if (this.ttlMs <= 0) return;
    const keyId = actor.apiKeyId;
    const tombstone = keyId ? this.tombstones.get(keyId) : undefined;
    if (keyId && tombstone !== undefined) {
      if (tombstone > Date.now()) return; // wall clock: it bounds a race, not a key's life
      this.tombstones.delete(keyId);
    }
    if (this.entries.size >= MAX_ENTRIES) dropOldest(this.entries);
    this.entries.set(digest, {
      actor,
      keyExpiresAt: keyExpiresAt?.getTime() ?? null,
      cachedUntil: now.getTime() + this.ttlMs,
    });
  }

  forgetKeys(keyIds: Iterable<string>): void {
    const ids = new Set(keyIds);
    const until = Date.now() + Math.max(this.ttlMs, TOMBSTONE_MS);
    for (const id of ids) this.tombstones.set(id, until);
    if (this.tombstones.size > MAX_ENTRIES) dropOldest(this.tombstones);
    for (const [digest, entry] of this.entries) {
      if (entry.actor.apiKeyId && ids.has(entry.actor.apiKeyId)) this.entries.delete(digest);
    }
  }
}

/** Every cache of this process: revocations must reach all of them (tests run several apps). */
const caches = new Set<WeakRef<AuthCache>>();

export function registerAuthCache(cache: AuthCache): AuthCache {
  caches.add(new WeakRef(cache));
  return cache;
}

/** Called by the verbs that revoke keys. */
export function forgetRevokedKeys(keyIds: string[]): void {
  if (keyIds.length === 0) return;
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.forgetKeys(keyIds);
    else caches.delete(ref);
  }
}

/** Maps iterate in insertion order: drops the oldest entry. */
function dropOldest(map: Map<string, unknown>): void {
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}
