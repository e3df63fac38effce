import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict } from '../../platform/http/errors.ts';
import { appendAudit, type AuditInput, type AuditParams } from '../audit/index.ts';
import { claimImport, releaseImport } from './import-claim.ts';
import { requireImport, type ImportAccess } from './import-access.ts';
import { imports, type ImportStats, type ImportStatus, type ImportStep } from './table.ts';
import { removeUnneededUpload } from './upload-file.ts';

/** Statuses each step starts from; commit may run again to commit more (never twice the same). */
const STEP_FROM: Record<ImportStep, ImportStatus[]> = {
  parse: ['uploaded'],
  extract: ['parsed'],
  commit: ['extracted', 'committed'],
};
const STEP_TO: Record<ImportStep, ImportStatus> = {
  parse: 'parsed',
  extract: 'extracted',
  commit: 'committed',
};
/** The audit entry of each step that succeeds. */
const STEP_ACTION = {
  parse: 'import.parsed',
  extract: 'import.extracted',
  commit: 'import.committed',
} as const satisfies Record<ImportStep, `import.${ImportStatus}`>;
type StepAction<S extends ImportStep> = (typeof STEP_ACTION)[S];
/** The counts a step's entry holds. */
export type StepStats<S extends ImportStep> = AuditParams<StepAction<S>>['stats'];

/**
 * A step's outcome: its params for the step's audit entry (its counts in `stats`; commit adds the
 * status it gave the memories), or a clear reason the import cannot go on with the counts so far.
 */
export type StepOutcome<S extends ImportStep> =
  | Omit<AuditParams<StepAction<S>>, 'workspace_key' | 'project_key' | 'import_id' | 'step'>
  | { failed: string; stats: ImportStats };

/**
 * Runs one pipeline step of an import the caller may work on (else 404; `allow` may refuse more,
 * before anything is claimed), exactly once at a time: claims the import (409 when it is in another status or something runs on it; a claim left by a
 * process that died does not count), runs `work` on the claimed row outside any transaction (it
 * writes in bounded batches), then records the new status and an audit entry. The upload is
 * removed once the import no longer needs it (parsed, or failed). Work that throws leaves the
 * import as it was, upload included, for a retry. Answers the import as it now is.
 */
export async function runImportStep<S extends ImportStep>(
  ctx: Ctx,
  importId: string,
  step: S,
  work: (claimed: ImportAccess) => Promise<StepOutcome<S>>,
  allow?: (found: ImportAccess) => void,
): Promise<ImportAccess> {
  const found = await requireImport(ctx, importId);
  allow?.(found);
  const claimed = await claimImport(ctx, found.row.id, step, STEP_FROM[step]);
  let outcome: StepOutcome<S>;
  try {
    outcome = await work({ ...found, row: claimed.row });
  } catch (err) {
    await releaseImport(ctx, claimed);
    throw err;
  }
  const failure = 'failed' in outcome ? outcome.failed : null;
  const failed = failure !== null;
  const done = await inTransaction(ctx, async (ctx) => {
    const [row] = await ctx.db
      .update(imports)
      .set({
        status: failed ? 'failed' : STEP_TO[step],
        stats: sql`${imports.stats} || ${JSON.stringify(outcome.stats)}::jsonb`,
        error: failure,
        runningStep: null,
        runningSince: null,
        runningOwner: null,
        updatedAt: ctx.now(),
      })
      .where(and(eq(imports.id, claimed.row.id), eq(imports.runningOwner, claimed.claim.owner)))
      .returning();
    if (!row) throw conflict(`The ${step} step of this import was taken over; see its status`);
    const entry = {
      workspaceId: row.workspaceId,
      target: { type: 'import', id: row.id },
      correlationId: row.id,
    };
    const ofImport = {
      workspace_key: found.keys.workspaceKey,
      project_key: found.keys.projectKey,
      import_id: row.id,
      step,
    };
    if ('failed' in outcome) {
      const { failed: error, stats } = outcome;
      await appendAudit(ctx, { ...entry, action: 'import.failed', params: { ...ofImport, stats, error } });
    } else {
      // The compiler cannot tie `step` to its outcome's shape: the append checks it.
      await appendAudit(ctx, {
        ...entry,
        action: STEP_ACTION[step],
        params: { ...ofImport, ...outcome },
      } as AuditInput<StepAction<S>>);
    }
    return { ...found, row };
  }).finally(() => claimed.claim.end());
  await removeUnneededUpload(ctx, done.row);
  return done;
}
