import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../modules/users/create-user.ts';
import { users } from '../../modules/tenancy/table.ts';
import { useHarness } from '../../test/harness.ts';
import type { Ctx } from '../context.ts';
import { inTransaction } from './in-transaction.ts';
import { queryRows } from './query-rows.ts';

/** inTransaction on the configured engine (PGlite, or PostgreSQL when DATABASE_URL is set). */
const h = useHarness();
beforeAll(async () => {
  await h.database.db.execute(sql`create table tx_probe (id text primary key)`);
});

const write = (ctx: Ctx, id: string) => ctx.db.execute(sql`insert into tx_probe (id) values (${id})`);
const stored = async (id: string) =>
  (await queryRows(h.database.db, sql`select id from tx_probe where id = ${id}`)).length === 1;

describe('inTransaction', () => {
  it('opens a transaction of its own and commits it when the work resolves', async () => {
    const ctx = h.ctxFor(h.admin);
    const answer = await inTransaction(ctx, async (tx) => {
      expect(tx.db).not.toBe(ctx.db);
      expect(tx).toMatchObject({ actor: ctx.actor, requestId: ctx.requestId, config: ctx.config });
      await write(tx, 'committed');
      return 42;
    });
    expect(answer).toBe(42);
    expect(await stored('committed')).toBe(true);
  });

  it('rolls everything back when the work throws, and rethrows', async () => {
    const ctx = h.ctxFor(h.admin);
    await expect(
      inTransaction(ctx, async (tx) => {
        await write(tx, 'rolled-back');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await stored('rolled-back')).toBe(false);
  });

  it('joins a transaction the context is already in: same context, committed with the outer work', async () => {
    const ctx = h.ctxFor(h.admin);
    await inTransaction(ctx, async (outer) => {
      await inTransaction(outer, async (inner) => {
        expect(inner).toBe(outer);
        await write(inner, 'joined');
      });
    });
    expect(await stored('joined')).toBe(true);
  });

  it('rolls a joined verb back with the outer work (no savepoint keeps it)', async () => {
    const ctx = h.ctxFor(h.admin);
    const email = `${h.uniq('joined')}@example.test`;
    await expect(
      inTransaction(ctx, async (outer) => {
        await createUser({ ctx: outer, input: { email } });
        await write(outer, 'outer-failed');
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await h.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await stored('outer-failed')).toBe(false);
  });

  it('undoes nothing of a joined work that throws by itself: the outer work decides (no savepoint)', async () => {
    const ctx = h.ctxFor(h.admin);
    await inTransaction(ctx, async (outer) => {
      await write(outer, 'before-inner');
      await inTransaction(outer, async (inner) => {
        await write(inner, 'inner');
        throw new Error('inner failed');
      }).catch(() => undefined);
      expect((await queryRows(outer.db, sql`select id from tx_probe where id = 'inner'`)).length).toBe(1);
    });
    expect(await stored('before-inner')).toBe(true);
    expect(await stored('inner')).toBe(true);
  });
});
