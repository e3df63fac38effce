import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Ctx } from '../context.ts';
import type { ProcessClaims } from '../db/process-claims.ts';
import type { Db } from '../db/database.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  now: () => Date;
  /** Readiness: resolves when the database answers. */
  ping: () => Promise<void>;
  claims: ProcessClaims;
}

/** Builds the verb context of a request: its actor (set by the auth hook) and request id. */
export function contextOf(deps: AppDeps, req: FastifyRequest): Ctx {
  return {
    actor: req.actor,
    requestId: req.id,
    db: deps.db,
    config: deps.config,
    now: deps.now,
    claims: deps.claims,
  };
}
