import type { Ctx } from '../../platform/context.ts';
import type { MemoryRow } from './table.ts';

/** The version row recording `row` as it now is (memory_versions keeps every version). */
export const versionOf = (
  row: MemoryRow,
  change: 'created' | 'updated' | 'deleted',
  by: string | null,
  reason: string | null = null,
) => ({
  memoryId: row.id,
  version: row.version,
  workspaceId: row.workspaceId,
  projectId: row.projectId,
  change,
  type: row.type,
  content: row.content,
  status: row.status,
  source: row.source,
  metadata: row.metadata,
  evidenceRef: row.evidenceRef,
  occurredAt: row.occurredAt,
  supersededBy: row.supersededBy,
  supersedes: row.supersedes,
  flags: row.flags,
  reviewAfter: row.reviewAfter,
  reason,
  changedBy: by,
  changedAt: row.updatedAt,
});

/** Who a version is recorded as changed by: the user, or nobody for a system actor. */
export const actorUserId = (ctx: Ctx) => (ctx.actor.kind === 'user' ? ctx.actor.userId : null);
