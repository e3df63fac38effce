import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { useHarness } from '../../test/harness.ts';
import { memoriesWriting, memoryWritesMark } from './memory-writes.ts';

/**
 * The mark recall compares to skip its catch-up on PGlite (recall-index/fresh-index.ts): it must
 * change with every memory write that ends, committed or rolled back, and say nothing while one runs.
 */
const h = useHarness();

describe('the mark of memory writes', () => {
  it('says nothing while a write runs, and moves once it ends, committed or rolled back', async () => {
    const ctx = h.ctxFor(h.admin);
    const before = memoryWritesMark(ctx);
    if (process.env.DATABASE_URL) {
      // Other processes write too: this process never claims that nothing changed.
      expect(before).toBeUndefined();
      return;
    }
    expect(before).toEqual(expect.any(Number));
    await inTransaction(ctx, async (tx) => {
      memoriesWriting(tx);
      expect(memoryWritesMark(ctx)).toBeUndefined();
    });
    const committed = memoryWritesMark(ctx);
    expect(committed).not.toBe(before);
    await expect(
      inTransaction(ctx, async (tx) => {
        memoriesWriting(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rolledBack = memoryWritesMark(ctx);
    expect(rolledBack).toEqual(expect.any(Number));
    expect(rolledBack).not.toBe(committed);
    expect(memoryWritesMark(ctx)).toBe(rolledBack);
  });

  it('is only taken inside a transaction opened by inTransaction', () => {
    expect(() => memoriesWriting(h.ctxFor(h.admin))).toThrow();
  });
});
