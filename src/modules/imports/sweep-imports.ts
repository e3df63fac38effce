import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { appendAudit } from '../audit/index.ts';
import { notRunning } from './import-claim.ts';
import { sweepUploadFiles } from './sweep-upload-files.ts';
import { imports } from './table.ts';
import { removeUpload } from './upload-file.ts';
import { projects, workspaces } from '../tenancy/index.ts';

const EXPIRE_BATCH = 100;

export interface SweepResult {
  /** Claims left by processes that are gone, cleared (their import shows nothing running). */
  released: number;
  /** Imports never parsed within the retention, now failed and without their upload. */
  expired: number;
  /** Files removed that no import needed: temporary uploads, and uploads. */
  temp_files: number;
  upload_files: number;
}

const expiredError = (hours: number) =>
  `The upload was removed after ${hours} hours without being parsed; upload the file again`;

/**
 * Housekeeping of imports, run by the server at start and then every hour (system actor; `ctx.now`
 * is the time it runs at):
 * - claims of processes that are gone are cleared, so an import no longer shows a step running;
 * - an import still `uploaded` (and not running) SERVICE_IMPORT_RETENTION_HOURS after its upload
 *   becomes `failed` with an explanation, loses its upload and is audited `import.expired`;
 * - files no import needs are removed (see sweepUploadFiles).
 */
export async function sweepImports({
  ctx,
}: {
  ctx: Ctx;
  input?: Record<string, never>;
}): Promise<SweepResult> {
  const released = await ctx.db
    .update(imports)
    .set({ runningStep: null, runningSince: null, runningOwner: null })
    .where(and(isNotNull(imports.runningStep), ctx.claims.free(imports.runningOwner)))
    .returning({ id: imports.id });
  const expired = await expireUploads(ctx);
  const files = await sweepUploadFiles(ctx);
  return {
    released: released.length,
    expired,
    temp_files: files.temp,
    upload_files: files.uploads,
  };
}

async function expireUploads(ctx: Ctx): Promise<number> {
  const hours = ctx.config.importRetentionHours;
  const cutoff = new Date(ctx.now().getTime() - hours * 3_600_000);
  // Built for each statement: whether a claim is live is read when the SQL is built.
  const stale = () => and(eq(imports.status, 'uploaded'), lt(imports.createdAt, cutoff), notRunning(ctx));
  let expired = 0;
  let after = '';
  for (let round = 0; round < 1_000_000; round++) {
    const batch = await ctx.db
      .select({ row: imports, workspaceKey: workspaces.key, projectKey: projects.key })
      .from(imports)
      .innerJoin(projects, eq(projects.id, imports.projectId))
      .innerJoin(workspaces, eq(workspaces.id, imports.workspaceId))
      .where(and(stale(), gt(imports.id, after)))
      .orderBy(asc(imports.id))
      .limit(EXPIRE_BATCH);
    for (const { row, workspaceKey, projectKey } of batch) {
      // Conditional again: a parse claimed in the meantime wins, and this import stays as it is.
      const done = await inTransaction(ctx, async (ctx) => {
        const [updated] = await ctx.db
          .update(imports)
          .set({
            status: 'failed',
            error: expiredError(hours),
            runningStep: null,
            runningSince: null,
            runningOwner: null,
            updatedAt: ctx.now(),
          })
          .where(and(eq(imports.id, row.id), stale()))
          .returning({ id: imports.id });
        if (!updated) return false;
        await appendAudit(ctx, {
          workspaceId: row.workspaceId,
          action: 'import.expired',
          target: { type: 'import', id: row.id },
          params: {
            workspace_key: workspaceKey,
            project_key: projectKey,
            import_id: row.id,
            file_name: row.fileName,
            retention_hours: hours,
          },
          correlationId: row.id,
        });
        return true;
      });
      if (done) {
        expired += 1;
        await removeUpload(ctx, row);
      }
    }
    const last = batch.at(-1);
    if (!last || batch.length < EXPIRE_BATCH) break;
    after = last.row.id;
  }
  return expired;
}
