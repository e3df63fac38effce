import { join } from 'node:path';
import type { Config } from '../../config/index.ts';
import { openPglite, openPostgres, type Database } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite in the data dir, locked
 * for this process) and applies pending migrations.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, config.databasePoolSize);
    await database.migrate();
    return database;
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    const database = await openPglite(join(config.dataDir, 'pglite'));
    await database.migrate();
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
