import { and, asc, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { requireAuditScope } from './audit-scope.ts';
import { entryHash } from './chain-hash.ts';
import { auditChainHeads, auditLog } from './table.ts';

const BATCH = 1000;

export type BreakReason = 'sequence_gap' | 'prev_hash_mismatch' | 'hash_mismatch' | 'head_mismatch';

export interface ChainReport {
  intact: boolean;
  entries_checked: number;
  head_seq: number;
  first_break: { seq: number; id: string | null; reason: BreakReason; message: string } | null;
}

const MESSAGES: Record<BreakReason, string> = {
  sequence_gap: 'an entry is missing before this one',
  prev_hash_mismatch: "this entry does not link to the previous entry's hash",
  hash_mismatch: 'this entry was changed after it was written',
  head_mismatch: 'entries are missing at the end of the chain',
};

/**
 * Walks a chain in `seq` order, in bounded batches, recomputing every hash; reports the first
 * entry where it breaks. The head and the entries are read in one snapshot (a read-only
 * REPEATABLE READ transaction): otherwise an entry appended between reading the head and reading
 * the entries shows up past the head and is reported as a break.
 */
export async function verifyAuditChain({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key?: string | undefined };
}): Promise<ChainReport> {
  const scope = await requireAuditScope(ctx, input.workspace_key);
  return ctx.db.transaction((tx) => walkChain(tx, scope.chain), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function walkChain(db: Db, chain: string): Promise<ChainReport> {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  const headSeq = head?.seq ?? 0;
  let checked = 0;
  let prev: { seq: number; hash: string | null } = { seq: 0, hash: null };
  const broken = (seq: number, id: string | null, reason: BreakReason): ChainReport => ({
    intact: false,
    entries_checked: checked,
    head_seq: headSeq,
    first_break: { seq, id, reason, message: MESSAGES[reason] },
  });
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.chain, chain), gt(auditLog.seq, prev.seq)))
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
  if (prev.seq !== headSeq || prev.hash !== (head?.hash ?? null))
    return broken(prev.seq + 1, null, 'head_mismatch');
  return { intact: true, entries_checked: checked, head_seq: headSeq, first_break: null };
}
