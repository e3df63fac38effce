import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { ProjectAccess } from '../access/index.ts';
import { memoryProjectOf } from './memory-access.ts';
import { saveMemoryChange } from './save-memory-change.ts';
import { memories, memoryColumns, type MemoryType } from './table.ts';
import { withoutFlag } from './text-flags.ts';

/** A clock restarts at most this often: a bundle asked for again and again writes nothing more. */
const RESTART_EVERY_MS = 3_600_000;

/**
 * Memories shown in a context bundle were used: their review clocks start again (their type's
 * `review_after_days` count from now), and a stale one is fresh again (a new version saying why).
 * A review date a person set is left for a person to move. Nothing is written for a workspace
 * without review days, or for clocks restarted within the hour.
 */
export async function restartReviewClocks(
  ctx: Ctx,
  access: ProjectAccess,
  shown: readonly { id: string; flags: readonly string[] }[],
): Promise<void> {
  const days = access.workspaceAccess.workspace.reviewAfterDays;
  const types = Object.keys(days) as MemoryType[];
  const stale = shown.filter((m) => m.flags.includes('stale')).map((m) => m.id);
  if (shown.length === 0 || (types.length === 0 && stale.length === 0)) return;
  const now = ctx.now();
  await inTransaction(ctx, async (ctx) => {
    if (types.length) {
      await ctx.db
        .update(memories)
        .set({ reviewedAt: now })
        .where(
          and(
            eq(memories.projectId, access.project.id),
            inArray(
              memories.id,
              shown.map((m) => m.id),
            ),
            inArray(memories.type, types),
            isNull(memories.reviewAfter),
            lt(memories.reviewedAt, new Date(now.getTime() - RESTART_EVERY_MS)),
            sql`not ('stale' = any(${memories.flags}))`,
          ),
        );
    }
    if (stale.length === 0) return;
    const rows = await ctx.db
      .select(memoryColumns)
      .from(memories)
      .where(
        and(
          eq(memories.projectId, access.project.id),
          inArray(memories.id, stale),
          isNull(memories.reviewAfter),
          sql`'stale' = any(${memories.flags})`,
        ),
      )
      .for('update', { skipLocked: true });
    const project = memoryProjectOf(access);
    for (const row of rows) {
      await saveMemoryChange(ctx, project, row, {
        set: { ...withoutFlag(row, 'stale'), reviewedAt: now },
        reason: 'used in a context bundle: review clock restarted',
      });
    }
  });
}
