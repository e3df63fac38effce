import { and, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { appendAudit } from '../audit/index.ts';
import { MEMORY_TYPES, type MemoryType } from '../memories/index.ts';
import { requireImport } from './import-access.ts';
import { namedStaged } from './named-staged.ts';
import type { selectStagedAnswer } from './schemas.ts';
import { stagedMemories } from './table.ts';

export type SelectOutcome = z.output<typeof selectStagedAnswer>;

/**
 * Selects (or deselects) many staged memories of an import at once: all of them, those of some
 * types, or exactly some ids (400 naming ids that are not this import's, nothing changed). Same
 * access as editing one. Committed ones are final: they are left as they are and counted. One
 * UPDATE whatever the number; one audit entry (`import.staged_selected`) when anything changed.
 */
export async function selectStaged({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    id: string;
    selected: boolean;
    all?: true | undefined;
    types?: MemoryType[] | undefined;
    staged_ids?: string[] | undefined;
  };
}): Promise<SelectOutcome> {
  const found = await requireImport(ctx, input.id);
  const ids = input.staged_ids ? [...new Set(input.staged_ids)] : undefined;
  const types = input.types ? [...new Set(input.types)] : undefined;
  const importId = found.row.id;
  return inTransaction(ctx, async (ctx) => {
    if (ids) await namedStaged(ctx, importId, ids);
    // Which of the import's staged memories the body names (the import is always in the WHERE).
    const chosen = ids
      ? inArray(stagedMemories.id, ids)
      : types
        ? inArray(stagedMemories.type, types)
        : sql`true`;
    const changed = await ctx.db
      .update(stagedMemories)
      .set({ selected: input.selected, updatedAt: ctx.now() })
      .where(
        and(
          eq(stagedMemories.importId, importId),
          chosen,
          isNull(stagedMemories.memoryId),
          ne(stagedMemories.selected, input.selected),
        ),
      )
      .returning({ id: stagedMemories.id });
    const counts = await countsByType(ctx, importId, chosen);
    const outcome: SelectOutcome = {
      import_id: importId,
      selected: input.selected,
      matched: counts.reduce((sum, c) => sum + c.matched, 0),
      changed: changed.length,
      already_committed: counts.reduce((sum, c) => sum + c.matchedCommitted, 0),
      by_type: counts.map(({ type, staged, selected, committed }) => ({ type, staged, selected, committed })),
    };
    if (outcome.changed > 0) {
      await appendAudit(ctx, {
        workspaceId: found.row.workspaceId,
        action: 'import.staged_selected',
        target: { type: 'import', id: importId },
        params: {
          workspace_key: found.keys.workspaceKey,
          project_key: found.keys.projectKey,
          import_id: importId,
          selected: input.selected,
          by: ids ? 'staged_ids' : types ? 'types' : 'all',
          ...(types ? { types } : {}),
          ...(ids ? { requested: ids.length } : {}),
          changed: outcome.changed,
          already_committed: outcome.already_committed,
        },
        correlationId: importId,
      });
    }
    return outcome;
  });
}

/**
 * Per type of the import: its staged memories, the selected ones not committed yet, the committed;
 * and how many of them are `chosen`, and of those how many are committed. One query.
 */
async function countsByType(ctx: Ctx, importId: string, chosen: SQL) {
  const waiting = isNull(stagedMemories.memoryId);
  const rows = await ctx.db
    .select({
      type: stagedMemories.type,
      staged: count(),
      selected:
        sql<number>`count(*) filter (where ${and(waiting, eq(stagedMemories.selected, true))})`.mapWith(
          Number,
        ),
      committed: count(stagedMemories.memoryId),
      matched: sql<number>`count(*) filter (where ${chosen})`.mapWith(Number),
      matchedCommitted: sql<number>`count(${stagedMemories.memoryId}) filter (where ${chosen})`.mapWith(
        Number,
      ),
    })
    .from(stagedMemories)
    .where(eq(stagedMemories.importId, importId))
    .groupBy(stagedMemories.type);
  const order = (t: string) => MEMORY_TYPES.indexOf(t as MemoryType);
  return rows.sort((a, b) => order(a.type) - order(b.type));
}
