import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { afterCommit } from './in-transaction.ts';
import type { Db } from './database.ts';

/**
 * The channel of access changes: a NOTIFY on it says that what access checks read changed; its
 * payload names the change (a random id).
 */
export const ACCESS_CHANNEL = 'ctxhub_access';

/**
 * Whether this process may answer again what it read about access (key lookups, a caller's roles,
 * a workspace's or project's row) from one database (ADR 0017). Its engine sets it when it opens
 * the database.
 */
export interface AccessWatch {
  /** Bumped at every access change this process hears of or may have missed. */
  generation: number;
  /**
   * This process hears of every change before the change's verb answers: on PGlite always (one
   * process, its own changes); on PostgreSQL while it listens and is known to listen
   * (access-hearing.ts).
   */
  hearing: boolean;
  /**
   * Once `change` has committed: resolves when every process has heard of it, or at the latest
   * once whatever they kept from before it has expired (`keptMs`).
   */
  settle(db: Db, change: string, keptMs: number): Promise<void>;
}

const watches = new WeakMap<Db, AccessWatch>();

/** Sets the watch of a database handle (its engine does, once). */
export function watchAccess(db: Db, watch: AccessWatch): void {
  watches.set(db, watch);
}

/**
 * The generation a read of `db` begun now belongs to: what it reads may be kept and answered
 * again while the generation stays the same. Undefined when nothing may be reused (this process
 * may miss a change: not listening, or a handle no engine watches).
 */
export function accessGeneration(db: Db): number | undefined {
  const watch = watches.get(db);
  return watch?.hearing ? watch.generation : undefined;
}

/**
 * Called, inside their transaction, by the verbs that change what access checks read: users and
 * their API keys (revocation), workspaces and their settings, projects, memberships and roles.
 * The NOTIFY reaches every process at commit (never on rollback); this process forgets at once
 * after the commit, and the verb answers only once every other process has forgotten too (on
 * PostgreSQL, each says so: access-hearing.ts), so no request that follows its answer, through
 * any process, is served from what was read before the change.
 */
export async function accessChanged(ctx: Ctx): Promise<void> {
  const change = randomUUID();
  await ctx.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${change})`);
  await afterCommit(ctx, async (db) => {
    const watch = watches.get(db);
    if (!watch) return;
    watch.generation += 1;
    if (ctx.config.authCacheMs > 0) await watch.settle(db, change, ctx.config.authCacheMs);
  });
}
