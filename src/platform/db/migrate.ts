import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PACKAGE_ROOT } from '../package-root.ts';

export const MIGRATIONS_FOLDER = join(PACKAGE_ROOT, 'drizzle');

/** Any number to tell ctxhub's advisory lock apart from others on the same database. */
const MIGRATION_LOCK_ID = 7_240_531;

/** Applies pending migrations to a PGlite instance. */
export async function migratePgliteClient(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Applies pending migrations on PostgreSQL under an advisory lock, so several servers starting at
 * once on one database migrate it exactly once.
 */
export async function migratePostgres(url: string): Promise<void> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url, application_name: 'ctxhub-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
