import type { Config } from '../../config/index.ts';
import type { Engine } from './database.ts';

/** The engine the server runs on: PostgreSQL with a DATABASE_URL, else embedded PGlite. */
export const configuredEngine = (config: Pick<Config, 'databaseUrl'>): Engine =>
  config.databaseUrl ? 'postgres' : 'pglite';

/**
 * A size chosen per engine for long jobs (an import's batches). Embedded PGlite runs every
 * statement in the server's own thread, so no other request is served until it ends: there, long
 * jobs write in small statements and short transactions. PostgreSQL runs them in its own
 * processes, where fewer, larger statements cost less.
 */
export function engineSized<T>(config: Pick<Config, 'databaseUrl'>, sizes: Record<Engine, T>): T {
  return sizes[configuredEngine(config)];
}
