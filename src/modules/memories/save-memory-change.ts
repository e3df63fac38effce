import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { missing } from '../../platform/missing.ts';
import { appendAudit } from '../audit/index.ts';
import { memoriesWriting } from './memory-writes.ts';
import { actorUserId, versionOf } from './memory-version.ts';
import type { MemoryProject } from './store-memories.ts';
import { memories, memoryColumns, memoryVersions, type MemoryRow } from './table.ts';

/** The API's name of each field a change can make, as the audit entry lists them. */
const FIELD_NAMES = {
  content: 'content',
  type: 'type',
  status: 'status',
  metadata: 'metadata',
  evidenceRef: 'evidence_ref',
  occurredAt: 'occurred_at',
  supersededBy: 'superseded_by',
  supersedes: 'supersedes',
  flags: 'flags',
  reviewAfter: 'review_after',
} as const;
type VersionedField = keyof typeof FIELD_NAMES;
export type MemoryChange = Partial<
  Pick<MemoryRow, VersionedField | 'flagNotes' | 'contentHash' | 'reviewedAt'>
>;

/** The versioned fields `next` changes in `memory`, in the order the API lists them. */
export function changedFields(memory: MemoryRow, next: MemoryChange): VersionedField[] {
  return (Object.keys(FIELD_NAMES) as VersionedField[]).filter(
    (k) => next[k] !== undefined && !isDeepStrictEqual(next[k], memory[k]),
  );
}

/**
 * Writes a change of a memory the caller holds locked: its next version (kept in memory_versions,
 * with `reason` when the change is not an edit) and a `memory.updated` audit entry naming what
 * changed. Every verb that changes a memory's versioned fields goes through it.
 */
export async function saveMemoryChange(
  ctx: Ctx,
  project: MemoryProject,
  memory: MemoryRow,
  change: { set: MemoryChange; reason?: string | undefined; redactions?: number | undefined },
): Promise<MemoryRow> {
  const changed = changedFields(memory, change.set);
  memoriesWriting(ctx);
  const [row = missing('the changed memory')] = await ctx.db
    .update(memories)
    .set({ ...change.set, version: memory.version + 1, updatedAt: ctx.now() })
    .where(eq(memories.id, memory.id))
    .returning(memoryColumns);
  await ctx.db
    .insert(memoryVersions)
    .values(versionOf(row, 'updated', actorUserId(ctx), change.reason ?? null));
  await appendAudit(ctx, {
    workspaceId: project.workspaceId,
    action: 'memory.updated',
    target: { type: 'memory', id: memory.id },
    params: {
      workspace_key: project.workspaceKey,
      project_key: project.key,
      memory_id: memory.id,
      changed: changed.map((k) => FIELD_NAMES[k]),
      version: row.version,
      ...(changed.includes('status') ? { from_status: memory.status, to_status: row.status } : {}),
      ...(row.supersededBy && changed.includes('supersededBy') ? { superseded_by: row.supersededBy } : {}),
      ...(changed.includes('flags') ? { flags: row.flags } : {}),
      ...(change.reason ? { reason: change.reason } : {}),
      redactions: change.redactions ?? 0,
    },
  });
  return row;
}
