import { eq } from 'drizzle-orm';
import { memoriesWriting } from './memory-writes.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { appendAudit } from '../audit/index.ts';
import { requireMemory } from './memory-access.ts';
import { actorUserId, versionOf } from './memory-version.ts';
import { memories, memoryVersions } from './table.ts';

/** Maintainers delete memories; the history keeps every version, the last one marked `deleted`. */
export async function deleteMemory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; workspace_key?: string | undefined };
}): Promise<void> {
  await inTransaction(ctx, async (ctx) => {
    const { memory, project } = await requireMemory(ctx, input.id, input.workspace_key, 'maintainer', true);
    const last = { ...memory, version: memory.version + 1, updatedAt: ctx.now() };
    memoriesWriting(ctx);
    await ctx.db.insert(memoryVersions).values(versionOf(last, 'deleted', actorUserId(ctx)));
    await ctx.db.delete(memories).where(eq(memories.id, memory.id));
    await appendAudit(ctx, {
      workspaceId: project.workspaceId,
      action: 'memory.deleted',
      target: { type: 'memory', id: memory.id },
      params: {
        workspace_key: project.workspaceKey,
        project_key: project.key,
        memory_id: memory.id,
        type: memory.type,
        status: memory.status,
      },
    });
  });
}
