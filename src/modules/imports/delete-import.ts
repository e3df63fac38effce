import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { conflict } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/index.ts';
import { rawMessages, rawSessions } from '../raw/index.ts';
import { claimImport, releaseImport } from './import-claim.ts';
import { requireImport } from './import-access.ts';
import { IMPORT_STATUSES, imports, stagedMemories } from './table.ts';
import { removeUpload } from './upload-file.ts';

/**
 * Rows removed per statement: each batch is one short statement, whatever the import's size, and
 * other requests are served between batches (on PGlite a statement holds the event loop: 500 raw
 * messages take about 20 ms).
 */
const BATCH_ROWS = 500;

export interface DeletedImport {
  raw_sessions: number;
  raw_messages: number;
  staged_memories: number;
}

/** Runs `deleteBatch` (a DELETE of at most BATCH_ROWS rows) until nothing is left; answers the total. */
async function deleteInBatches(ctx: Ctx, deleteBatch: SQL): Promise<number> {
  let total = 0;
  for (let round = 0; round < 100_000_000 / BATCH_ROWS; round++) {
    const [done] = await queryRows<{ n: number }>(
      ctx.db,
      sql`with d as (${deleteBatch} returning 1) select count(*)::int as n from d`,
    );
    total += done?.n ?? 0;
    if ((done?.n ?? 0) < BATCH_ROWS) break;
    await nextTurn();
  }
  return total;
}

/**
 * Deletes an import (its project's writers, or the workspace's raw_access_min_role; 404 to
 * others; 409 while something runs on it): its upload, the raw sessions it last wrote and their
 * messages (a session a later import took over stays, with that import), its staged memories and
 * the import itself. Committed memories stay. Rows go in bounded batches under the import's claim
 * (marked failed first, so no step starts on a half-deleted import if this stops half-way; deleting
 * it again finishes); the import row goes with its `import.deleted` audit entry in one transaction.
 */
export async function deleteImport({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string };
}): Promise<DeletedImport> {
  const found = await requireImport(ctx, input.id);
  const id = found.row.id;
  const claimed = await claimImport(ctx, id, 'delete', IMPORT_STATUSES, {
    status: 'failed',
    error: 'Deletion started and did not finish: delete the import again',
    updatedAt: ctx.now(),
  });
  const ownSessions = sql`select ${rawSessions.id} from ${rawSessions} where ${rawSessions.importId} = ${id}`;
  let removed: DeletedImport;
  try {
    const messages = await deleteInBatches(
      ctx,
      sql`delete from ${rawMessages} where ${rawMessages.id} in (select ${rawMessages.id} from ${rawMessages}
        where ${rawMessages.sessionId} in (${ownSessions}) limit ${BATCH_ROWS})`,
    );
    const sessions = await deleteInBatches(
      ctx,
      sql`delete from ${rawSessions} where ${rawSessions.id} in (${ownSessions} limit ${BATCH_ROWS})`,
    );
    const staged = await deleteInBatches(
      ctx,
      sql`delete from ${stagedMemories} where ${stagedMemories.id} in (select ${stagedMemories.id}
        from ${stagedMemories} where ${stagedMemories.importId} = ${id} limit ${BATCH_ROWS})`,
    );
    removed = { raw_sessions: sessions, raw_messages: messages, staged_memories: staged };
    await inTransaction(ctx, async (ctx) => {
      const [row] = await ctx.db
        .delete(imports)
        .where(and(eq(imports.id, id), eq(imports.runningOwner, claimed.claim.owner)))
        .returning({ id: imports.id });
      if (!row) throw conflict('The deletion of this import was taken over; see its status');
      await appendAudit(ctx, {
        workspaceId: found.row.workspaceId,
        action: 'import.deleted',
        target: { type: 'import', id },
        params: {
          workspace_key: found.keys.workspaceKey,
          project_key: found.keys.projectKey,
          import_id: id,
          file_name: found.row.fileName,
          ...removed,
        },
        correlationId: id,
      });
    });
  } catch (err) {
    await releaseImport(ctx, claimed);
    throw err;
  }
  claimed.claim.end();
  await removeUpload(ctx, found.row);
  return removed;
}
