import { and, asc, eq, gt, lte, max } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { requireAuditScope } from './audit-scope.ts';
import { entryHash } from './chain-hash.ts';
import type { ChainReport } from './schemas.ts';
import { auditChainHeads, auditLog } from './table.ts';
import type { Db } from '../../platform/db/database.ts';

const BATCH = 1000;

type BreakReason = NonNullable<ChainReport['first_break']>['reason'];

const MESSAGES: Record<BreakReason, string> = {
  sequence_gap: 'an entry is missing before this one',
  prev_hash_mismatch: "this entry does not link to the previous entry's hash",
  hash_mismatch: 'this entry was changed after it was written',
  head_mismatch: 'entries are missing at the end of the chain',
};

/**
 * Walks a chain in `seq` order, in bounded batches, recomputing every hash; reports the first
 * entry where it breaks. No transaction: on PGlite one would hold the only connection for the whole
 * walk. None is needed either: an append moves the head in the transaction that inserts the entry,
 * so every entry up to the head read first is committed, and the walk stops there. Entries past
 * that head are then accepted only if the head has since moved over them (concurrent appends);
 * any other is a forgery.
 */
export async function verifyAuditChain({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key?: string | undefined };
}): Promise<ChainReport> {
  const scope = await requireAuditScope(ctx, input.workspace_key);
  return walkChain(ctx.db, scope.chain);
}

const headOf = async (db: Db, chain: string) => {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  return { seq: head?.seq ?? 0, hash: head?.hash ?? null };
};

async function walkChain(db: Db, chain: string): Promise<ChainReport> {
  const head = await headOf(db, chain);
  let checked = 0;
  let prev: { seq: number; hash: string | null } = { seq: 0, hash: null };
  const broken = (seq: number, id: string | null, reason: BreakReason): ChainReport => ({
    intact: false,
    entries_checked: checked,
    head_seq: head.seq,
    first_break: { seq, id, reason, message: MESSAGES[reason] },
  });
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.chain, chain), gt(auditLog.seq, prev.seq), lte(auditLog.seq, head.seq)))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    for (const row of rows) {
      if (row.seq !== prev.seq + 1) return broken(row.seq, row.id, 'sequence_gap');
      if (row.prevHash !== prev.hash) return broken(row.seq, row.id, 'prev_hash_mismatch');
      if (entryHash(row) !== row.hash) return broken(row.seq, row.id, 'hash_mismatch');
      checked++;
      prev = { seq: row.seq, hash: row.hash };
    }
    if (rows.length < BATCH) break;
  }
  if (prev.seq !== head.seq || prev.hash !== head.hash) return broken(prev.seq + 1, null, 'head_mismatch');
  const [past] = await db
    .select({ seq: max(auditLog.seq) })
    .from(auditLog)
    .where(and(eq(auditLog.chain, chain), gt(auditLog.seq, head.seq)));
  if (past?.seq != null && past.seq > (await headOf(db, chain)).seq)
    return broken(head.seq + 1, null, 'head_mismatch');
  return { intact: true, entries_checked: checked, head_seq: head.seq, first_break: null };
}
