import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { stagedMemories } from './table.ts';

/**
 * The staged memories a request names by id (`body.staged_ids`), with whether each is committed:
 * 400 naming the first few that are not staged memories of this import (made up, or another
 * import's: the answer does not tell which). One query, whatever the number of ids.
 */
export async function namedStaged(
  ctx: Ctx,
  importId: string,
  ids: string[],
): Promise<Array<{ id: string; memoryId: string | null }>> {
  const rows = await ctx.db
    .select({ id: stagedMemories.id, memoryId: stagedMemories.memoryId })
    .from(stagedMemories)
    .where(and(eq(stagedMemories.importId, importId), inArray(stagedMemories.id, ids)));
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw invalidField(
      'body.staged_ids',
      `not staged memories of this import: ${unknown.slice(0, 5).join(', ')}`,
    );
  }
  return rows;
}
