import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { watchAccess } from './access-changes.ts';
import { accessHearing } from './access-hearing.ts';
import { seedFromImage } from './first-start-image.ts';
import { migratePgliteClient, migratePostgres } from './migrate.ts';
import { DRIZZLE_PARSERS, withConstructionParsers } from './pglite-parsers.ts';
import type { Database, Db } from './database.ts';
import { sharedClaims, singleProcessClaims } from './process-claims.ts';

/**
 * PGlite settings measured for this workload (docs/design.md#pglite-rules). Its WASM memory
 * never shrinks, so buffers once filled stay resident: with the default 128 MB, a 100 MB import
 * took the server to 517 MB; with 64 MB, 428 MB, and recall at 100k memories kept its speed.
 */
const PGLITE_CONF = [
  'max_wal_size=64MB',
  'min_wal_size=32MB',
  'shared_buffers=64MB',
  // A GIN index with a pending list (raw messages' search index) merges it into the index when it
  // outgrows this: at the default 4 MB, one insert in ~100 paid 110-170 ms for it, holding the
  // whole server; at 256 kB each merge is a few ms, for the same total.
  'gin_pending_list_limit=256kB',
];

/** Extensions the migrations create (`CREATE EXTENSION`); PGlite must be built with them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens an embedded PGlite database in `dir`. A new one (`dir` missing or empty) starts as a copy
 * of the first-start image when there is a current one, else PGlite runs initdb.
 */
export async function openPglite(dir: string): Promise<Database> {
  seedFromImage(dir);
  return wrapPglite(newPglite(dir));
}

/** A PGlite in `dir` (created if missing) with ctxhub's settings and extensions; not ready yet. */
export function newPglite(dir: string): PGlite {
  mkdirSync(dir, { recursive: true });
  return new PGlite(dir, {
    postgresqlconf: PGLITE_CONF,
    extensions: PGLITE_EXTENSIONS,
    parsers: DRIZZLE_PARSERS,
    // On Node's file system PGlite writes through to real files as PostgreSQL issues them (its
    // syncToFs is a no-op there): not awaiting that no-op after each query saves ~0.1 ms per
    // query and changes nothing about durability.
    relaxedDurability: true,
  });
}

/** Wraps an already constructed PGlite (built with `parsers: DRIZZLE_PARSERS`). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(withConstructionParsers(client)) as unknown as Db;
  // One process per data dir: every access change is this process's own, heard as it commits.
  watchAccess(db, { generation: 0, hearing: true, settle: async () => {} });
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePgliteClient(client),
    maintain: async () => {
      await client.exec('VACUUM (ANALYZE)');
    },
    ping: async () => {
      await client.query('select 1');
    },
    claims: singleProcessClaims(),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return () => unlisten();
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Opens a pool to PostgreSQL. */
export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // The driver is loaded when used: an embedded (PGlite) server never loads it (about 0.1 s).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    // A burst waits its turn; past this the request answers 503 (error-handler.ts).
    connectionTimeoutMillis: 15_000,
    // Every query is bounded: a runaway statement fails instead of holding a connection.
    statement_timeout: 30_000,
    application_name: 'ctxhub',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool) as unknown as Db;
  // Other processes change access too: heard, and said to be heard, on the claims connection.
  const access = accessHearing(db);
  watchAccess(db, access.watch);
  let claims: Awaited<ReturnType<typeof sharedClaims>>;
  try {
    claims = await sharedClaims(url, access.connection);
  } catch (err) {
    await pool.end();
    throw err;
  }
  let closed = false;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePostgres(url),
    maintain: async () => {},
    ping: async () => {
      await pool.query('select 1');
    },
    claims,
    listen: (channel, onNotify) => claims.listen(channel, onNotify),
    close: async () => {
      if (closed) return;
      closed = true;
      await claims.close();
      await pool.end();
    },
  };
}
