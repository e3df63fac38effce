import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudits, type AuditInput } from '../audit/index.ts';
import { contentHash } from './content-hash.ts';
import { memoriesWriting } from './memory-writes.ts';
import { redactMemory } from './redact-memory.ts';
import { markedStale } from './review-clock.ts';
import { textFlagsOf } from './text-flags.ts';
import { actorUserId, versionOf } from './memory-version.ts';
import {
  memories,
  memoryColumns,
  memoryVersions,
  type MemoryMetadata,
  type MemoryRow,
  type MemorySource,
  type MemoryStatus,
  type MemoryType,
} from './table.ts';

export interface MemoryDraft {
  type: MemoryType;
  content: string;
  status: MemoryStatus;
  source: MemorySource;
  metadata: MemoryMetadata;
  evidenceRef: string | null;
  /** When what it says happened; null: now. */
  occurredAt: Date | null;
  /** The memories it replaces (checked and marked by the caller: supersede-memories.ts). */
  supersedes?: string[];
  /** A review date a person set. */
  reviewAfter?: Date | null;
}

export interface StoredMemory {
  row: MemoryRow;
  /** false: an identical memory (same type and normalized content) existed and is answered instead. */
  created: boolean;
  redactions: number;
}

export interface MemoryProject {
  id: string;
  key: string;
  workspaceId: string;
  workspaceKey: string;
}

/**
 * Stores memories: secrets redacted, exact duplicates answered with the existing memory, each new
 * one with its first version (which recall's indexes read: ADR 0016) and a `memory.created` audit
 * entry. Runs in the caller's transaction, or in one of its own.
 */
export async function storeMemories({
  ctx,
  input: { project, drafts, correlationId = null },
}: {
  ctx: Ctx;
  input: {
    project: MemoryProject;
    drafts: MemoryDraft[];
    /** Set on the audit entries (an import's commit: its import id). */
    correlationId?: string | null;
  };
}): Promise<StoredMemory[]> {
  if (drafts.length === 0) return [];
  return inTransaction(ctx, (ctx) => storeInTransaction(ctx, project, drafts, correlationId));
}

async function storeInTransaction(
  ctx: Ctx,
  project: MemoryProject,
  drafts: MemoryDraft[],
  correlationId: string | null,
): Promise<StoredMemory[]> {
  memoriesWriting(ctx);
  const now = ctx.now();
  const by = actorUserId(ctx);
  const prepared = drafts.map((d) => {
    const { fields, redactions } = redactMemory({
      content: d.content,
      metadata: d.metadata,
      evidenceRef: d.evidenceRef,
    });
    const texts = textFlagsOf(fields.content);
    // A review date already past: stale from the start, as readers see it.
    const flagged = d.reviewAfter && d.reviewAfter <= now ? markedStale(texts, d.reviewAfter) : texts;
    return { ...d, ...fields, ...flagged, redactions, hash: contentHash(fields.content) };
  });
  const inserted = await ctx.db
    .insert(memories)
    .values(
      prepared.map((d) => ({
        id: newId('mem'),
        workspaceId: project.workspaceId,
        projectId: project.id,
        type: d.type,
        content: d.content,
        contentHash: d.hash,
        status: d.status,
        source: d.source,
        metadata: d.metadata,
        evidenceRef: d.evidenceRef,
        createdBy: by,
        supersedes: d.supersedes ?? [],
        flags: d.flags,
        flagNotes: d.flagNotes,
        reviewAfter: d.reviewAfter ?? null,
        reviewedAt: now,
        version: 1,
        occurredAt: d.occurredAt ?? now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning(memoryColumns);
  const key = (type: string, hash: string) => `${type}:${hash}`;
  const byKey = new Map(inserted.map((r) => [key(r.type, r.contentHash), r]));
  const missing = prepared.filter((d) => !byKey.has(key(d.type, d.hash)));
  const existing =
    missing.length === 0
      ? []
      : await ctx.db
          .select(memoryColumns)
          .from(memories)
          .where(
            and(
              eq(memories.projectId, project.id),
              inArray(memories.type, [...new Set(missing.map((d) => d.type))]),
              inArray(
                memories.contentHash,
                missing.map((d) => d.hash),
              ),
            ),
          );
  const existingByKey = new Map(existing.map((r) => [key(r.type, r.contentHash), r]));
  if (inserted.length > 0) {
    await ctx.db.insert(memoryVersions).values(inserted.map((r) => versionOf(r, 'created', by)));
  }
  const createdIds = new Set<string>();
  const results: StoredMemory[] = [];
  const audits: AuditInput<'memory.created'>[] = [];
  for (const d of prepared) {
    const k = key(d.type, d.hash);
    const fresh = byKey.get(k);
    const row = fresh ?? existingByKey.get(k);
    // The identical memory that blocked the insert was deleted before it could be read.
    if (!row) throw conflict('An identical memory was being deleted concurrently; retry');
    const created = fresh !== undefined && !createdIds.has(fresh.id);
    if (created) {
      createdIds.add(fresh.id);
      audits.push({
        workspaceId: project.workspaceId,
        action: 'memory.created',
        target: { type: 'memory', id: row.id },
        params: {
          workspace_key: project.workspaceKey,
          project_key: project.key,
          memory_id: row.id,
          type: row.type,
          status: row.status,
          source: row.source,
          redactions: d.redactions,
          ...(row.supersedes.length ? { supersedes: row.supersedes } : {}),
          ...(row.flags.length ? { flags: row.flags } : {}),
        },
        correlationId,
      });
    }
    results.push({ row, created, redactions: d.redactions });
  }
  await appendAudits(ctx, audits);
  return results;
}
