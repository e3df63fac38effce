import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { memories } from '../memories/index.ts';

/** A draft as the project's memories are compared with it: its type and its content hash. */
const keyOf = (d: { type: string; hash: string }) => `${d.type}:${d.hash}`;

/**
 * The drafts of `drafts` the project remembers already (a memory of the same type and content
 * hash), in one query: extract leaves them out, whoever proposed them.
 */
export async function rememberedDrafts<D extends { type: string; hash: string }>(
  ctx: Ctx,
  projectId: string,
  drafts: readonly D[],
): Promise<(draft: D) => boolean> {
  const hashes = JSON.stringify(drafts.map((d) => d.hash));
  const known = await queryRows<{ type: string; hash: string }>(
    ctx.db,
    sql`select type, content_hash as hash from ${memories}
      where project_id = ${projectId}
        and content_hash in (select jsonb_array_elements_text(${hashes}::jsonb))`,
  );
  const remembered = new Set(known.map(keyOf));
  return (draft) => remembered.has(keyOf(draft));
}
