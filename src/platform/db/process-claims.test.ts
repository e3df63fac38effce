import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { queryRows } from './query-rows.ts';
import { sharedClaims, type ProcessClaims } from './process-claims.ts';

/**
 * Whether a claim is free, asked the way claiming statements ask: in SQL, on the configured engine
 * (PGlite, or PostgreSQL when DATABASE_URL is set).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const onPostgres = Boolean(process.env.DATABASE_URL);

async function isFree(claims: ProcessClaims, owner: string | null): Promise<boolean> {
  const [row] = await queryRows<{ free: boolean }>(
    database.db,
    sql`select ${claims.free(sql`${owner}::text`)} as free`,
  );
  return row!.free;
}

/** Polls `probe` every 10 ms until it holds (at most 20 s); answers whether it did. */
async function eventually(probe: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + 20_000;
  while (!(await probe())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

const deadBoot = () => `${randomBytes(16).toString('hex')}.1`;

describe('process claims', () => {
  it('holds a claim of this process until it ends; nothing claimed is free', async () => {
    const claims = database.claims;
    const claim = claims.begin();
    expect(claim.owner.startsWith(`${claims.bootId}.`)).toBe(true);
    expect(await isFree(claims, claim.owner)).toBe(false);
    claim.end();
    claim.end();
    expect(await isFree(claims, claim.owner)).toBe(true);
    expect(await isFree(claims, null)).toBe(true);
  });

  it('takes a claim begun after the question was built as live (it may reach the database first)', async () => {
    const claims = database.claims;
    const first = claims.begin();
    first.end();
    const next = `${claims.bootId}.${Number(first.owner.split('.')[1]) + 1}`;
    const question = claims.free(sql`${next}::text`);
    const later = claims.begin();
    expect(later.owner).toBe(next);
    later.end();
    const [row] = await queryRows<{ free: boolean }>(database.db, sql`select ${question} as free`);
    expect(row!.free).toBe(false);
    expect(await isFree(claims, next)).toBe(true);
  });

  it('frees at once the claim of a process that is gone', async () => {
    expect(await isFree(database.claims, deadBoot())).toBe(true);
  });

  it.runIf(onPostgres)(
    'on PostgreSQL, holds the claim of another live process until its connection closes',
    async () => {
      const other = await sharedClaims(database.url!);
      const claim = other.begin();
      try {
        expect(await isFree(database.claims, claim.owner)).toBe(false);
        // Asking takes and gives back the other process's lock: asking again answers the same.
        expect(await isFree(database.claims, claim.owner)).toBe(false);
        // That process knows its own claim (not through its lock).
        expect(await isFree(other, claim.owner)).toBe(false);
      } finally {
        await other.close();
      }
      expect(await isFree(database.claims, claim.owner)).toBe(true);
    },
  );

  it.runIf(onPostgres)(
    'on PostgreSQL, takes its lock (and its LISTENs) again when its connection is lost',
    async () => {
      const first = await sharedClaims(database.url!);
      const claim = first.begin();
      let notified = 0;
      const unlisten = await first.listen('ctxhub_test', () => void (notified += 1));
      try {
        await database.raw(`select pg_notify('ctxhub_test', '')`);
        expect(await eventually(async () => notified === 1)).toBe(true);
        expect(await isFree(database.claims, claim.owner)).toBe(false);
        await database.raw(
          `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and pid <> pg_backend_pid() and granted
            and ((classid::bigint << 32) | objid::bigint) = ('x' || left(md5('${first.bootId}'), 16))::bit(64)::bigint`,
        );
        // Lost with its connection (the backend ends a moment after it is told to)...
        expect(await eventually(async () => isFree(database.claims, claim.owner))).toBe(true);
        // ...and held again on a new one.
        expect(await eventually(async () => !(await isFree(database.claims, claim.owner)))).toBe(true);
        // Told that notifications may have been missed, and listening again on the new connection.
        expect(await eventually(async () => notified === 2)).toBe(true);
        await database.raw(`select pg_notify('ctxhub_test', '')`);
        expect(await eventually(async () => notified === 3)).toBe(true);
        await unlisten();
        await database.raw(`select pg_notify('ctxhub_test', '')`);
        await new Promise((r) => setTimeout(r, 100));
        expect(notified).toBe(3);
      } finally {
        await first.close();
      }
    },
  );
});
