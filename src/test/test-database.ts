import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, PGLITE_EXTENSIONS, wrapPglite } from '../platform/db/client.ts';
import { DRIZZLE_PARSERS } from '../platform/db/pglite-parsers.ts';
import { adminUrl, withDatabase } from './pg-urls.ts';
import { type Database } from '../platform/db/database.ts';

export interface TestDatabase extends Database {
  /** A connection string for this database (PostgreSQL only). */
  url?: string;
  /** Runs SQL as the database owner, bypassing the app (tests that tamper on purpose). */
  raw(sql: string): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ctxhub_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDatabase')}`);
    const dbUrl = withDatabase(url, name);
    const database = await openPostgres(dbUrl, 5);
    return {
      ...database,
      url: dbUrl,
      raw: async (sql) => {
        const c = new pg.Client({ connectionString: dbUrl });
        await c.connect();
        try {
          await c.query(sql);
        } finally {
          await c.end();
        }
      },
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-test-'));
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const client = new PGlite(dir, { parsers: DRIZZLE_PARSERS, extensions: PGLITE_EXTENSIONS });
  const database = await wrapPglite(client);
  return {
    ...database,
    raw: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
