import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { afterCommit, isTransaction } from '../../platform/db/in-transaction.ts';

/** The channel every process listens on: a NOTIFY on it says that access rows changed somewhere. */
export const ACCESS_CHANNEL = 'ctxhub_access';

const MAX_ENTRIES = 10_000;

interface Entry {
  value: unknown;
  until: number;
  generation: number;
}

/**
 * Bumped whenever access may have changed (a commit in this process, a NOTIFY from any process, a
 * lost listening connection): every entry older than the bump is dead.
 */
let generation = 0;

/** The caches of this process, by database handle (tests run several databases in one process). */
const caches = new WeakMap<Db, Map<string, Entry>>();

/** A read of the access rows, begun: `keep` stores what it read unless access changed meanwhile. */
export interface AccessRead<T> {
  cached: T | undefined;
  keep(value: T): void;
}

/**
 * What the access checks read (a workspace with the caller's membership; a project with theirs),
 * kept per process for `SERVICE_AUTH_CACHE_SECONDS` (ADR 0017). Only reads outside a transaction
 * use it: every write checks access against the database inside its own transaction. A read that
 * began before access changed never stores what it read (`generation`), so an entry is never
 * older than the last change this process heard of.
 */
export function accessRead<T>(ctx: Ctx, key: string): AccessRead<T> | undefined {
  const ttlMs = ctx.config.authCacheMs;
  if (ttlMs <= 0 || isTransaction(ctx.db)) return undefined;
  let entries = caches.get(ctx.db);
  if (!entries) caches.set(ctx.db, (entries = new Map()));
  const map = entries;
  const now = ctx.now().getTime();
  const began = generation;
  const entry = map.get(key);
  const live = entry && entry.generation === began && entry.until > now;
  if (entry && !live) map.delete(key);
  return {
    cached: live ? (entry.value as T) : undefined,
    keep: (value) => {
      if (generation !== began) return;
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
      map.set(key, { value: deepFreeze(value), until: now + ttlMs, generation: began });
    },
  };
}

/** Every process forgets every access entry (this one as soon as the transaction commits). */
export async function accessChanged(ctx: Ctx): Promise<void> {
  await ctx.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, '')`);
  afterCommit(ctx, forgetAccess);
}

/** Forgets every access entry of this process (a NOTIFY on ACCESS_CHANNEL, or one possibly missed). */
export function forgetAccess(): void {
  generation += 1;
}

/** Entries are shared by requests: none may change one it was handed. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
