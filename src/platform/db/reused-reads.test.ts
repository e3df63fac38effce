import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { accessChanged } from './access-changes.ts';
import { inTransaction } from './in-transaction.ts';
import { ReusedReads } from './reused-reads.ts';

/**
 * Reads answered again until access changes (ADR 0017), on the configured engine (PGlite, or
 * PostgreSQL when DATABASE_URL is set, where this process hears its own changes like any other's).
 */
const h = useHarness();
const TTL = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('reused reads', () => {
  it('answer what was kept, until its time is up or its own deadline', async () => {
    const reads = new ReusedReads<string>(h.database.db);
    reads.read('a', at(0), TTL)?.keep('kept a');
    reads.read('b', at(0), TTL)?.keep('kept b', at(10).getTime());
    expect(reads.read('a', at(TTL - 1), TTL)?.cached).toBe('kept a');
    expect(reads.read('a', at(TTL), TTL)?.cached).toBeUndefined();
    expect(reads.read('b', at(9), TTL)?.cached).toBe('kept b');
    expect(reads.read('b', at(10), TTL)?.cached).toBeUndefined();
    expect(reads.read('a', at(0), 0)).toBeUndefined();
  });

  it('forget everything once access changed, in a transaction that committed or outside one', async () => {
    const reads = new ReusedReads<string>(h.database.db);
    reads.read('a', at(0), TTL)?.keep('kept a');
    await inTransaction(h.ctxFor(h.admin), (ctx) => accessChanged(ctx));
    expect(reads.read('a', at(1), TTL)?.cached).toBeUndefined();
    reads.read('a', at(1), TTL)?.keep('kept again');
    await accessChanged(h.ctxFor(h.admin));
    expect(reads.read('a', at(2), TTL)?.cached).toBeUndefined();
  });

  it('forget nothing for a change rolled back', async () => {
    const reads = new ReusedReads<string>(h.database.db);
    reads.read('a', at(0), TTL)?.keep('kept a');
    await expect(
      inTransaction(h.ctxFor(h.admin), async (ctx) => {
        await accessChanged(ctx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(reads.read('a', at(1), TTL)?.cached).toBe('kept a');
  });

  it('keep nothing from a read that began before a change', async () => {
    const reads = new ReusedReads<string>(h.database.db);
    const raced = reads.read('a', at(0), TTL);
    await inTransaction(h.ctxFor(h.admin), (ctx) => accessChanged(ctx));
    raced?.keep('read before the change');
    expect(reads.read('a', at(1), TTL)?.cached).toBeUndefined();
  });

  it('keep at most 10,000 entries, the oldest going first', () => {
    const reads = new ReusedReads<number>(h.database.db);
    for (let i = 0; i <= 10_000; i++) reads.read(`k${i}`, at(0), TTL)?.keep(i);
    expect(reads.read('k0', at(1), TTL)?.cached).toBeUndefined();
    expect(reads.read('k1', at(1), TTL)?.cached).toBe(1);
    expect(reads.read('k10000', at(1), TTL)?.cached).toBe(10_000);
  });
});
