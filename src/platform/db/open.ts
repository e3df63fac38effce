import { join } from 'node:path';
import type { Config } from '../../config/index.ts';
import { openPglite, openPostgres } from './client.ts';
import type { StartupPhase } from '../startup-timings.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { type Database } from './database.ts';

const untimed: StartupPhase = async (_name, run) => run();

/**
 * Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite in the data dir, locked
 * for this process) and applies pending migrations; `phase` times the opening and the migrations.
 */
export async function openConfiguredDatabase(config: Config, phase = untimed): Promise<Database> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const database = await phase('database', () => openPostgres(url, config.databasePoolSize));
    await phase('migrations', () => database.migrate());
    return database;
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    const database = await phase('database', () => openPglite(join(config.dataDir, 'pglite')));
    await phase('migrations', () => database.migrate());
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
