import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ProcessClaims } from './process-claims.ts';

/** The database (or a transaction in it): queries name their tables, so it carries no schema. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** Applies pending migrations (run at every start, on both engines). */
  migrate(): Promise<void>;
  /**
   * Housekeeping PostgreSQL's autovacuum does on a server: VACUUM and ANALYZE. PGlite has no
   * autovacuum, so the server calls this on a schedule; on PostgreSQL it does nothing.
   */
  maintain(): Promise<void>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /** This process's claims on work in the database, and whether another process's are live. */
  claims: ProcessClaims;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (sent by any process, delivered at its commit), and
   * whenever notifications may have been missed (a lost connection). Answers the unsubscribe.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
