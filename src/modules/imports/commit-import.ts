import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { engineSized } from '../../platform/db/engine-sized.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { TimeSlices } from '../../platform/time-slices.ts';
import { storeMemories } from '../memories/index.ts';
import type { ImportAccess } from './import-access.ts';
import { runImportStep, type StepStats } from './import-step-runner.ts';
import { namedStaged } from './named-staged.ts';
import { stagedMemories } from './table.ts';
import { missing } from '../../platform/missing.ts';
import { projectRank } from '../access/index.ts';

/**
 * Staged memories per transaction. On PGlite a transaction holds every other query of the server:
 * 200 memories took 0.2-0.6 s there, 10 about 15-25 ms. On PostgreSQL the work of a batch in this
 * process (redaction, statements, audit hashes) runs without a break: 200 delayed other requests
 * by up to ~90 ms, 50 by 30-45 ms.
 */
const BATCH = { pglite: 10, postgres: 50 };

/** The statuses a commit may give the memories it creates. */
export type CommitStatus = 'draft' | 'confirmed';

/**
 * Commit: turns the selected staged memories (or exactly `staged_ids`) into memories with
 * `source=import` and evidence pointing at their raw message, as drafts, or confirmed when asked
 * (the project maintainer role, as confirming a memory needs; 403 before anything runs). Each
 * staged memory is committed once: it remembers its memory, so committing again (or more later)
 * never duplicates nor changes the memories committed before, and a concurrent commit of the same
 * import is refused while one runs.
 */
export async function commitImport({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; staged_ids?: string[] | undefined; status?: CommitStatus | undefined };
}): Promise<ImportAccess> {
  const ids = input.staged_ids ? [...new Set(input.staged_ids)] : undefined;
  const status = input.status ?? 'draft';
  return runImportStep(
    ctx,
    input.id,
    'commit',
    async (found) => {
      if (ids) await namedStaged(ctx, found.row.id, ids);
      return { ...(await commitStaged(ctx, found, ids, status)), status };
    },
    ({ access }) => {
      if (status === 'confirmed' && projectRank(access.role) < projectRank('maintainer'))
        throw forbidden('Committing memories as confirmed requires the project maintainer role');
    },
  );
}

async function commitStaged(
  ctx: Ctx,
  { row, keys }: ImportAccess,
  ids: string[] | undefined,
  status: CommitStatus,
): Promise<{ stats: StepStats<'commit'> }> {
  const project = {
    id: row.projectId,
    key: keys.projectKey,
    workspaceId: row.workspaceId,
    workspaceKey: keys.workspaceKey,
  };
  let created = 0;
  let linked = 0;
  const batchSize = engineSized(ctx.config, BATCH);
  const slices = new TimeSlices();
  /** Batches are taken in id order, each after the last: never re-reading the committed ones. */
  let after: string | null = null;
  for (let round = 0; round < 1_000_000; round++) {
    await slices.pass();
    const done = await inTransaction(ctx, async (ctx) => {
      const batch = await ctx.db
        .select()
        .from(stagedMemories)
        .where(
          and(
            eq(stagedMemories.importId, row.id),
            after === null ? undefined : gt(stagedMemories.id, after),
            isNull(stagedMemories.memoryId),
            ids ? inArray(stagedMemories.id, ids) : eq(stagedMemories.selected, true),
          ),
        )
        .orderBy(asc(stagedMemories.id))
        .limit(batchSize)
        .for('update');
      const last = batch.at(-1);
      if (!last) return true;
      after = last.id;
      const stored = await storeMemories({
        ctx,
        input: {
          project,
          drafts: batch.map((s) => ({
            type: s.type,
            content: s.content,
            status,
            source: 'import' as const,
            metadata: { ...s.metadata, import_id: row.id },
            evidenceRef: s.rawMessageId ? `raw_message:${s.rawMessageId}` : `import:${row.id}`,
            occurredAt: s.occurredAt,
          })),
          correlationId: row.id,
        },
      });
      const links = batch.map((s, i) => ({
        id: s.id,
        memory_id: stored[i]?.row.id ?? missing(`the memory of ${s.id}`),
      }));
      await ctx.db.execute(sql`
        update ${stagedMemories} set memory_id = v.memory_id, updated_at = ${ctx.now().toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(id text, memory_id text)
        where ${stagedMemories.id} = v.id`);
      created += stored.filter((s) => s.created).length;
      linked += stored.filter((s) => !s.created).length;
      return false;
    });
    if (done) break;
  }
  const [total] = await ctx.db
    .select({ n: count() })
    .from(stagedMemories)
    .where(and(eq(stagedMemories.importId, row.id), isNotNull(stagedMemories.memoryId)));
  return { stats: { committed: total?.n ?? 0, memories_created: created, linked_existing: linked } };
}
