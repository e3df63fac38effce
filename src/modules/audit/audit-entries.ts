/** Audit entries: each appended to its chain (the workspace's, or the server's) inside the transaction of the change it records, then handed to the append listeners (append-listeners.ts) in that transaction. */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { newId } from '../../platform/ids.ts';
import { checkedParams, type AuditAction, type AuditParams } from './audit-actions.ts';
import { tellAppendListeners } from './append-listeners.ts';
import { entryHash, type HashedEntry } from './chain-hash.ts';
import { auditChainHeads, auditLog, type AuditRow } from './table.ts';
import { missing } from '../../platform/missing.ts';

export const SERVER_CHAIN = 'server';

export interface AuditInput<A extends AuditAction = AuditAction> {
  /** The workspace the entry belongs to; null for server-level entries (users, own API keys). */
  workspaceId: string | null;
  action: A;
  target: { type: string; id?: string | null };
  /** What the action's schema takes (audit-actions.ts): checked when appended. */
  params: AuditParams<A>;
  metadata?: Record<string, unknown>;
  correlationId?: string | null;
}

/**
 * Lone UTF-16 surrogates: jsonb refuses them (the append, and the change it records, would fail)
 * and text columns store them as U+FFFD (the stored entry would no longer match its hash). They
 * are stored, and hashed, as U+FFFD.
 */
const wellFormed = (s: string) => s.toWellFormed();
const wellFormedOrNull = (s: string | null) => (s === null ? null : wellFormed(s));

function wellFormedJson(v: unknown): unknown {
  if (typeof v === 'string') return wellFormed(v);
  if (Array.isArray(v)) return v.map(wellFormedJson);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [wellFormed(k), wellFormedJson(x)]));
  return v;
}

/** Plain JSON: what jsonb gives back is exactly what was hashed. */
const plain = (v: object | undefined) =>
  wellFormedJson(JSON.parse(JSON.stringify(v ?? {}))) as Record<string, unknown>;

/**
 * Appends one entry to its chain. Must run inside the transaction of the change it records
 * (`ctx.db` is that transaction): the head row's lock orders concurrent appends to one chain.
 * Params that are not what the action takes throw (see appendAudits).
 */
export async function appendAudit<A extends AuditAction>(ctx: Ctx, input: AuditInput<A>): Promise<AuditRow> {
  const [row = missing('the appended audit entry')] = await appendAudits(ctx, [input]);
  return row;
}

/**
 * Appends entries in order, in as few statements as one: each chain's head is locked once, the
 * entries are hashed in order, stored in one INSERT and the heads moved once. Bulk changes (an
 * import's commit) cost the same few round trips whatever their size. Same transaction rule as
 * appendAudit. Each entry's params are checked against its action's schema first, as they will be
 * stored: one that does not match throws an internal error naming the action and the bad fields,
 * before anything is locked or written, so the change fails with it.
 */
export async function appendAudits<A extends AuditAction>(
  ctx: Ctx,
  inputs: readonly AuditInput<A>[],
): Promise<AuditRow[]> {
  if (inputs.length === 0) return [];
  const params = inputs.map((input) => checkedParams(input.action, plain(input.params)));
  const chains = [...new Set(inputs.map((i) => i.workspaceId ?? SERVER_CHAIN))].sort();
  const locked = await lockedHeads(ctx, chains);
  const heads = new Map(locked.map((h) => [h.chain, { seq: h.seq, hash: h.hash }]));
  const actor = ctx.actor;
  const rows = inputs.map((input, i): AuditRow => {
    const chain = input.workspaceId ?? SERVER_CHAIN;
    const head = heads.get(chain) ?? { seq: 0, hash: null };
    const entry: HashedEntry = {
      id: newId('aud'),
      chain,
      seq: head.seq + 1,
      workspaceId: input.workspaceId,
      action: input.action,
      targetType: wellFormed(input.target.type),
      targetId: wellFormedOrNull(input.target.id ?? null),
      params: params[i] ?? missing('the checked params'),
      metadata: plain(input.metadata),
      actorUserId: actor.kind === 'user' ? actor.userId : null,
      systemActor: wellFormedOrNull(
        actor.kind === 'system' ? actor.name : actor.kind === 'anonymous' ? 'anonymous' : null,
      ),
      correlationId: wellFormedOrNull(input.correlationId ?? null),
      requestId: wellFormed(ctx.requestId),
      createdAt: ctx.now(),
      prevHash: head.hash,
    };
    const hash = entryHash(entry);
    heads.set(chain, { seq: entry.seq, hash });
    return { ...entry, hash };
  });
  // The entries and the moved heads in one statement (a data-modifying WITH runs to completion).
  const moved = sql.join(
    [...heads].map(([chain, head]) => sql`(${chain}::text, ${head.seq}::bigint, ${head.hash}::text)`),
    sql`, `,
  );
  await ctx.db.execute(sql`with logged as (${insertJsonRows(auditLog, rows)} returning 1)
    update ${auditChainHeads} as h set seq = v.seq, hash = v.hash
    from (values ${moved}) as v(chain, seq, hash) where h.chain = v.chain`);
  await tellAppendListeners(ctx, rows);
  return rows;
}

/**
 * The heads of `chains` (sorted), locked in that order. A chain's first entry creates its head: a
 * concurrent creator waits on the other's insert, then finds the head and waits on its lock.
 */
async function lockedHeads(ctx: Ctx, chains: string[]): Promise<Array<typeof auditChainHeads.$inferSelect>> {
  const lock = () =>
    ctx.db
      .select()
      .from(auditChainHeads)
      .where(inArray(auditChainHeads.chain, chains))
      .orderBy(asc(auditChainHeads.chain))
      .for('update');
  const locked = await lock();
  if (locked.length === chains.length) return locked;
  await ctx.db
    .insert(auditChainHeads)
    .values(chains.map((chain) => ({ chain, seq: 0, hash: null })))
    .onConflictDoNothing();
  return lock();
}
