import { and, desc, eq, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { seqCursor, page, type Page } from '../../platform/http/pagination.ts';
import { memoryProjectRole } from './memory-access.ts';
import { projects } from '../projects/index.ts';
import { workspaces } from '../workspaces/index.ts';
import { memoryVersions, type MemoryVersionRow } from './table.ts';

/**
 * Every version of a memory, newest first; project readers. Works for deleted memories too (their
 * last version is marked `deleted`), so a deletion can be inspected and undone by hand.
 */
export async function memoryHistory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; workspace_key?: string | undefined; limit: number; cursor?: string | undefined };
}): Promise<Page<MemoryVersionRow>> {
  const [owner] = await ctx.db
    .select({ workspaceKey: workspaces.key, projectKey: projects.key })
    .from(memoryVersions)
    .innerJoin(projects, eq(projects.id, memoryVersions.projectId))
    .innerJoin(workspaces, eq(workspaces.id, memoryVersions.workspaceId))
    .where(eq(memoryVersions.memoryId, input.id))
    .limit(1);
  if (!owner || (input.workspace_key !== undefined && input.workspace_key !== owner.workspaceKey)) {
    throw notFound(`Memory ${input.id}`);
  }
  await memoryProjectRole(ctx, input.id, owner.workspaceKey, owner.projectKey, 'reader');
  const before = seqCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select()
    .from(memoryVersions)
    .where(
      and(
        eq(memoryVersions.memoryId, input.id),
        before === undefined ? undefined : lt(memoryVersions.version, before),
      ),
    )
    .orderBy(desc(memoryVersions.version))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => String(r.version));
}
