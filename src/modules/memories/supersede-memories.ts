import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { conflict, forbidden, invalidField } from '../../platform/http/errors.ts';
import { saveMemoryChange } from './save-memory-change.ts';
import type { MemoryProject } from './store-memories.ts';
import { memories, memoryColumns, type MemoryRow } from './table.ts';

/**
 * The memories `ids` locked for a newer memory to supersede, checked before anything is written:
 * each must be a memory of the same project (an unknown id, or one of another project or
 * workspace, is refused alike), and a writer may supersede drafts only (a confirmed or rejected
 * memory was curated by a maintainer). Answers them in the order given; markSuperseded checks
 * the rest once the newer memory is known.
 */
export async function lockSupersedable(
  ctx: Ctx,
  check: { projectId: string; ids: string[]; isMaintainer: boolean },
): Promise<MemoryRow[]> {
  const { ids } = check;
  const rows = await ctx.db
    .select(memoryColumns)
    .from(memories)
    .where(and(eq(memories.projectId, check.projectId), inArray(memories.id, ids)))
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id, i) => {
    const row = byId.get(id);
    if (!row) throw invalidField(`body.supersedes.${i}`, `there is no memory ${id} in this project`);
    if (row.status !== 'draft' && row.status !== 'superseded' && !check.isMaintainer) {
      throw forbidden(`Superseding the ${row.status} memory ${id} requires the project maintainer role`);
    }
    return row;
  });
}

/**
 * Marks `olds` (from lockSupersedable) superseded by `newer`: each gets status `superseded`, its
 * link, a new version saying why and a `memory.updated` audit entry. Ones already superseded by
 * `newer` are left as they are; the newer memory itself, a memory superseded by another one, or
 * a newer memory that is itself superseded is refused (the caller's transaction then writes
 * nothing).
 */
export async function markSuperseded(
  ctx: Ctx,
  project: MemoryProject,
  newer: MemoryRow,
  olds: MemoryRow[],
): Promise<void> {
  olds.forEach((old, i) => {
    if (old.id === newer.id) throw invalidField(`body.supersedes.${i}`, 'a memory cannot supersede itself');
    if (old.status === 'superseded' && old.supersededBy !== newer.id) {
      throw conflict(`Memory ${old.id} is already superseded by ${old.supersededBy ?? 'another memory'}`);
    }
  });
  if (olds.length && newer.status === 'superseded') {
    throw conflict(
      `Memory ${newer.id} is itself superseded by ${newer.supersededBy ?? 'another memory'}: it cannot supersede others`,
    );
  }
  for (const old of olds) {
    if (old.supersededBy === newer.id) continue;
    await saveMemoryChange(ctx, project, old, {
      set: { status: 'superseded', supersededBy: newer.id },
      reason: `superseded by ${newer.id}`,
    });
  }
}
