import { isDeepStrictEqual } from 'node:util';
import { memoriesWriting } from './memory-writes.ts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict, forbidden } from '../../platform/http/errors.ts';
import { validated } from '../../platform/http/validate.ts';
import { appendAudit } from '../audit/index.ts';
import { contentHash } from './content-hash.ts';
import { requireMemory } from './memory-access.ts';
import { checkedOccurredAt } from './occurred-at.ts';
import { redactMemory } from './redact-memory.ts';
import { updateMemoryBody } from './schemas.ts';
import { actorUserId, versionOf } from './memory-version.ts';
import type { StoredMemory } from './store-memories.ts';
import { memories, memoryColumns, memoryVersions, type MemoryRow } from './table.ts';
import { missing } from '../../platform/missing.ts';
import { projectRank } from '../access/index.ts';

/** The API's name of each field an update can change, as the audit entry lists them. */
const CHANGED_FIELD = {
  content: 'content',
  type: 'type',
  status: 'status',
  metadata: 'metadata',
  evidenceRef: 'evidence_ref',
  occurredAt: 'occurred_at',
} as const;

export type UpdateMemoryInput = z.input<typeof updateMemoryBody> & { id: string };

/**
 * Writers edit memories; changing the status (confirm, reject, back to draft) needs the maintainer
 * role, and a writer's edit of a confirmed or rejected memory returns it to draft when its content or type
 * changes (it needs review again). The previous version is kept; nothing is written when nothing changes.
 */
export async function updateMemory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: UpdateMemoryInput;
}): Promise<StoredMemory & { workspaceKey: string; projectKey: string }> {
  const { id, ...rest } = input;
  const { workspace_key, ...body } = validated(updateMemoryBody, rest);
  return inTransaction(ctx, async (ctx) => {
    const { memory, access, project } = await requireMemory(ctx, id, workspace_key, 'writer', true);
    const isMaintainer = projectRank(access.role) >= projectRank('maintainer');
    if (body.status !== undefined && body.status !== memory.status && !isMaintainer) {
      throw forbidden('Changing the status of a memory requires the project maintainer role');
    }
    const { fields, redactions } = redactMemory({
      content: body.content ?? memory.content,
      metadata: body.metadata ?? memory.metadata,
      evidenceRef: body.evidence_ref === undefined ? memory.evidenceRef : body.evidence_ref,
    });
    const next = {
      ...fields,
      type: body.type ?? memory.type,
      status: body.status ?? memory.status,
      occurredAt: checkedOccurredAt(ctx, body.occurred_at) ?? memory.occurredAt,
    };
    const changed = (['content', 'type', 'status', 'metadata', 'evidenceRef', 'occurredAt'] as const).filter(
      (k) => !isDeepStrictEqual(next[k], memory[k]),
    );
    const answer = {
      workspaceKey: project.workspaceKey,
      projectKey: project.key,
      created: false,
      redactions,
    };
    if (changed.length === 0) return { ...answer, row: memory };
    const textChanged = changed.includes('content') || changed.includes('type');
    if (textChanged && !isMaintainer && memory.status !== 'draft') {
      next.status = 'draft';
      changed.push('status');
    }
    const hash = contentHash(next.content);
    if (textChanged) await assertNotDuplicate(ctx, memory, next.type, hash);
    memoriesWriting(ctx);
    const [row = missing('the updated memory')] = await ctx.db
      .update(memories)
      .set({
        ...next,
        contentHash: hash,
        version: memory.version + 1,
        updatedAt: ctx.now(),
      })
      .where(eq(memories.id, memory.id))
      .returning(memoryColumns);
    await ctx.db.insert(memoryVersions).values(versionOf(row, 'updated', actorUserId(ctx)));
    await appendAudit(ctx, {
      workspaceId: project.workspaceId,
      action: 'memory.updated',
      target: { type: 'memory', id: memory.id },
      params: {
        workspace_key: project.workspaceKey,
        project_key: project.key,
        memory_id: memory.id,
        changed: changed.map((k) => CHANGED_FIELD[k]),
        version: row.version,
        ...(changed.includes('status') ? { from_status: memory.status, to_status: row.status } : {}),
        redactions,
      },
    });
    return { ...answer, row };
  });
}

async function assertNotDuplicate(ctx: Ctx, memory: MemoryRow, type: string, hash: string): Promise<void> {
  const [other] = await ctx.db
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.projectId, memory.projectId),
        eq(memories.type, type as MemoryRow['type']),
        eq(memories.contentHash, hash),
        ne(memories.id, memory.id),
      ),
    )
    .limit(1);
  if (other) throw conflict(`An identical ${type} memory already exists: ${other.id}`);
}
