import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudits, type AuditInput } from '../audit/index.ts';
import { contentHash } from './content-hash.ts';
import { redactMemory } from './redact-memory.ts';
import { searchDocument } from './search-document.ts';
import { lexiconWords } from './search-terms.ts';
import {
  memories,
  memoryColumns,
  memoryLexicon,
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

export const versionOf = (row: MemoryRow, change: 'created' | 'updated' | 'deleted', by: string | null) => ({
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
  changedBy: by,
  changedAt: row.updatedAt,
});

export const actorUserId = (ctx: Ctx) => (ctx.actor.kind === 'user' ? ctx.actor.userId : null);

/** Adds the words of new content to the project's typo-correction lexicon. */
export async function learnWords(ctx: Ctx, projectId: string, contents: string[]): Promise<void> {
  const words = [...new Set(contents.flatMap(lexiconWords))];
  if (words.length === 0) return;
  await ctx.db.execute(sql`
    insert into ${memoryLexicon} (project_id, word)
    select ${projectId}, w from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w
    on conflict do nothing`);
}

/**
 * Stores memories: secrets redacted, exact duplicates answered with the existing memory, each new
 * one with its first version, its words learned and a `memory.created` audit entry. Runs in the
 * caller's transaction.
 */
export async function storeMemories(
  ctx: Ctx,
  project: MemoryProject,
  drafts: MemoryDraft[],
  correlationId: string | null = null,
): Promise<StoredMemory[]> {
  if (drafts.length === 0) return [];
  const now = ctx.now();
  const by = actorUserId(ctx);
  const prepared = drafts.map((d) => {
    const { fields, redactions } = redactMemory({
      content: d.content,
      metadata: d.metadata,
      evidenceRef: d.evidenceRef,
    });
    return { ...d, ...fields, redactions, hash: contentHash(fields.content) };
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
        version: 1,
        search: searchDocument(d.content, now),
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
    await learnWords(
      ctx,
      project.id,
      inserted.map((r) => r.content),
    );
  }
  const createdIds = new Set<string>();
  const results: StoredMemory[] = [];
  const audits: AuditInput[] = [];
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
        },
        correlationId,
      });
    }
    results.push({ row, created, redactions: d.redactions });
  }
  await appendAudits(ctx, audits);
  return results;
}
