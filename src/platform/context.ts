import type { Config } from '../config/index.ts';
import type { ProcessClaims } from './db/process-claims.ts';
import type { Database, Db } from './db/database.ts';

/** Who acts: a user through an API key, a system flow, or nobody (public routes such as one-time links). */
export type Actor =
  | {
      kind: 'user';
      userId: string;
      email: string;
      name: string | null;
      isAdmin: boolean;
      apiKeyId: string | null;
    }
  | { kind: 'system'; name: string }
  | { kind: 'anonymous' };

export type UserActor = Extract<Actor, { kind: 'user' }>;

/**
 * Passed to every service verb (`{ ctx, input }`). `db` is the database, or the transaction the
 * caller already runs in (opened with `inTransaction`, db/in-transaction.ts).
 */
export interface Ctx {
  actor: Actor;
  requestId: string;
  db: Db;
  config: Config;
  now: () => Date;
  /** This process's claims on work (import steps), and whether a claim's process is alive. */
  claims: ProcessClaims;
}

/** A verb context for work the server does on its own behalf (start-up, console commands). */
export function systemContext(database: Database, config: Config, name: string): Ctx {
  return {
    actor: { kind: 'system', name },
    requestId: name,
    db: database.db,
    config,
    now: () => new Date(),
    claims: database.claims,
  };
}
