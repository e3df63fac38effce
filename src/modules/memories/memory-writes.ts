import type { Ctx } from '../../platform/context.ts';
import { whenTransactionEnds } from '../../platform/db/in-transaction.ts';

/** Memory writes of this process on one database: running now, and ended so far. */
interface Writes {
  running: number;
  ended: number;
}

const byDatabase = new WeakMap<object, Writes>();

function writesOf(ctx: Ctx): Writes {
  let writes = byDatabase.get(ctx.claims);
  if (!writes) byDatabase.set(ctx.claims, (writes = { running: 0, ended: 0 }));
  return writes;
}

/**
 * Called in its transaction by every verb that writes memories (store, update, delete), before it
 * writes: the write counts as running until the transaction ends, committed or not.
 */
export function memoriesWriting(ctx: Ctx): void {
  const writes = writesOf(ctx);
  writes.running += 1;
  whenTransactionEnds(ctx, () => {
    writes.running -= 1;
    writes.ended += 1;
  });
}

/**
 * A mark of this process's memory writes: while it stays the same, no memory has changed. Only
 * on PGlite, where one process holds the data dir and makes every write itself; undefined on
 * PostgreSQL (other processes write too) and while a write is running (it may have committed).
 */
export function memoryWritesMark(ctx: Ctx): number | undefined {
  if (!ctx.claims.onlyProcess) return undefined;
  const writes = writesOf(ctx);
  return writes.running > 0 ? undefined : writes.ended;
}
