import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { conflict } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/append-audit.ts';
import { requireImport, type ImportAccess } from './import-access.ts';
import { imports, type ImportStats, type ImportStatus, type ImportStep } from './table.ts';

/** A step that has run this long is taken to have died with its process and may be claimed again. */
const STALE_STEP_MS = 30 * 60_000;

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

/** A step's outcome: counts for `stats`, or a clear reason the import cannot go on. */
export type StepOutcome = { stats: ImportStats } | { failed: string; stats: ImportStats };

/**
 * Runs one pipeline step of an import the caller may work on (else 404), exactly once at a time:
 * claims the import with a conditional update (409 when it is in another status or the step is
 * already running), runs `work` on the claimed row outside any transaction (it writes in bounded
 * batches), then records the new status and an audit entry. Answers the import as it now is.
 */
export async function runImportStep(
  ctx: Ctx,
  importId: string,
  step: ImportStep,
  work: (claimed: ImportAccess) => Promise<StepOutcome>,
): Promise<ImportAccess> {
  const found = await requireImport(ctx, importId);
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(imports)
    .set({ runningStep: step, runningSince: now })
    .where(
      and(
        eq(imports.id, found.row.id),
        inArray(imports.status, STEP_FROM[step]),
        or(isNull(imports.runningStep), lt(imports.runningSince, new Date(now.getTime() - STALE_STEP_MS))),
      ),
    )
    .returning();
  if (!claimed) {
    const [current] = await ctx.db.select().from(imports).where(eq(imports.id, found.row.id));
    if (current?.runningStep)
      throw conflict(`The ${current.runningStep} step of this import is already running`);
    throw conflict(
      `Import is ${current?.status ?? found.row.status}; ${step} needs status ${STEP_FROM[step].join(' or ')}`,
    );
  }
  let outcome: StepOutcome;
  try {
    outcome = await work({ ...found, row: claimed });
  } catch (err) {
    await ctx.db
      .update(imports)
      .set({ runningStep: null, runningSince: null })
      .where(eq(imports.id, claimed.id));
    throw err;
  }
  const failure = 'failed' in outcome ? outcome.failed : null;
  const failed = failure !== null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(imports)
      .set({
        status: failed ? 'failed' : STEP_TO[step],
        stats: sql`${imports.stats} || ${JSON.stringify(outcome.stats)}::jsonb`,
        error: failure,
        runningStep: null,
        runningSince: null,
        updatedAt: ctx.now(),
      })
      .where(eq(imports.id, claimed.id))
      .returning();
    await appendAudit(
      { ...ctx, db: tx },
      {
        workspaceId: claimed.workspaceId,
        action: failed ? 'import.failed' : `import.${STEP_TO[step]}`,
        target: { type: 'import', id: claimed.id },
        params: {
          workspace_key: found.keys.workspaceKey,
          project_key: found.keys.projectKey,
          import_id: claimed.id,
          step,
          stats: outcome.stats,
          ...(failed ? { error: failure } : {}),
        },
        correlationId: claimed.id,
      },
    );
    return { ...found, row: row! };
  });
}
