import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import type { Claim } from '../../platform/db/process-claims.ts';
import { conflict } from '../../platform/http/errors.ts';
import { imports, type ImportClaim, type ImportRow, type ImportStatus } from './table.ts';

/** SQL: nothing runs on the import now (no claim, or the claim of a process that is gone). */
export const notRunning = (ctx: Ctx): SQL<boolean> =>
  sql<boolean>`${or(isNull(imports.runningStep), ctx.claims.free(imports.runningOwner))}`;

export interface ClaimedImport {
  row: ImportRow;
  claim: Claim;
}

/**
 * Claims an import for `what` with one conditional update: it must be in one of `from` and have
 * nothing running (a claim left by a dead process does not count). 409 otherwise, naming what
 * runs or the status. `set` is written with the claim. The caller ends the claim (`releaseImport`,
 * or its own final update) and then `claim.end()`.
 */
export async function claimImport(
  ctx: Ctx,
  id: string,
  what: ImportClaim,
  from: readonly ImportStatus[],
  set: Partial<Pick<ImportRow, 'status' | 'error' | 'updatedAt'>> = {},
): Promise<ClaimedImport> {
  const claim = ctx.claims.begin();
  try {
    const [row] = await ctx.db
      .update(imports)
      .set({ ...set, runningStep: what, runningSince: ctx.now(), runningOwner: claim.owner })
      .where(and(eq(imports.id, id), inArray(imports.status, [...from]), notRunning(ctx)))
      .returning();
    if (row) return { row, claim };
    const [current] = await ctx.db
      .select({ status: imports.status, runningStep: imports.runningStep, free: notRunning(ctx) })
      .from(imports)
      .where(eq(imports.id, id));
    if (current?.runningStep && !current.free) {
      throw conflict(
        current.runningStep === 'delete'
          ? 'This import is being deleted'
          : `The ${current.runningStep} step of this import is already running`,
      );
    }
    throw conflict(`Import is ${current?.status ?? 'gone'}; ${what} needs status ${from.join(' or ')}`);
  } catch (err) {
    claim.end();
    throw err;
  }
}

/** Clears a claim that is still this one's (the work stopped without an outcome), then ends it. */
export async function releaseImport(ctx: Ctx, { row, claim }: ClaimedImport): Promise<void> {
  try {
    await ctx.db
      .update(imports)
      .set({ runningStep: null, runningSince: null, runningOwner: null })
      .where(and(eq(imports.id, row.id), eq(imports.runningOwner, claim.owner)));
  } finally {
    claim.end();
  }
}
