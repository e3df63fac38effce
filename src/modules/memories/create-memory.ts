import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { validated } from '../../platform/http/validate.ts';
import { memoryProjectOf } from './memory-access.ts';
import { checkedOccurredAt } from './occurred-at.ts';
import { createMemoryBody } from './schemas.ts';
import { storeMemories, type StoredMemory } from './store-memories.ts';
import { missing } from '../../platform/missing.ts';
import { requireProjectRole } from '../access/index.ts';

export type CreateMemoryInput = z.input<typeof createMemoryBody>;

/**
 * Project writers add memories as drafts; a maintainer may add them confirmed (or rejected).
 * An identical memory (same type and normalized content) is answered instead of stored twice.
 */
export async function createMemory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateMemoryInput;
}): Promise<StoredMemory & { workspaceKey: string; projectKey: string }> {
  const { status, ...fields } = validated(createMemoryBody, input);
  const occurredAt = checkedOccurredAt(ctx, fields.occurred_at) ?? null;
  return inTransaction(ctx, async (ctx) => {
    const access = await requireProjectRole(
      ctx,
      fields.workspace_key,
      fields.project_key,
      status === 'draft' ? 'writer' : 'maintainer',
    );
    const project = memoryProjectOf(access);
    const [stored] = await storeMemories({
      ctx,
      input: {
        project,
        drafts: [
          {
            type: fields.type,
            content: fields.content,
            status,
            source: fields.source,
            metadata: fields.metadata ?? {},
            evidenceRef: fields.evidence_ref ?? null,
            occurredAt,
          },
        ],
      },
    });
    return {
      ...(stored ?? missing('the stored memory')),
      workspaceKey: project.workspaceKey,
      projectKey: project.key,
    };
  });
}
