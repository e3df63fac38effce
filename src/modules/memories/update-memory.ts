import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict, forbidden } from '../../platform/http/errors.ts';
import { validated } from '../../platform/http/validate.ts';
import { projectRank } from '../access/index.ts';
import { contentHash } from './content-hash.ts';
import type { MemoryWrite } from './create-memory.ts';
import { requireMemory } from './memory-access.ts';
import { checkedOccurredAt } from './occurred-at.ts';
import { redactMemory } from './redact-memory.ts';
import { markedStale, memoryView, reviewDueAt } from './review-clock.ts';
import { changedFields, saveMemoryChange, type MemoryChange } from './save-memory-change.ts';
import { updateMemoryBody } from './schemas.ts';
import { lockSupersedable, markSuperseded } from './supersede-memories.ts';
import { memories, type FlagNotes, type MemoryFlag, type MemoryRow } from './table.ts';
import { withoutFlag, withTextFlags } from './text-flags.ts';

export type UpdateMemoryInput = z.input<typeof updateMemoryBody> & { id: string };

/**
 * Flags a maintainer's confirmation answers: the memory was looked at (an instruction-like text
 * vetted, a stale or unresolved one found still true).
 */
const CLEARED_BY_CONFIRMATION: MemoryFlag[] = ['stale', 'needs_review', 'instruction_like'];

/**
 * Writers edit memories; changing the status (confirm, reject, back to draft, restore a
 * superseded one) needs the maintainer role, and a writer's edit of a confirmed or rejected
 * memory returns it to draft when its content or type changes (it needs review again). A
 * maintainer's `confirmed` (even unchanged) restarts the review clock, clears `stale` and
 * `needs_review`, and a review date already past. The previous version is kept; nothing is
 * written when nothing changes.
 */
export async function updateMemory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: UpdateMemoryInput;
}): Promise<MemoryWrite> {
  const { id, ...rest } = input;
  const { workspace_key, ...body } = validated(updateMemoryBody, rest);
  return inTransaction(ctx, async (ctx) => {
    const { memory, access, project } = await requireMemory(ctx, id, workspace_key, 'writer', true);
    const isMaintainer = projectRank(access.role) >= projectRank('maintainer');
    if (body.status !== undefined && body.status !== memory.status && !isMaintainer) {
      throw forbidden('Changing the status of a memory requires the project maintainer role');
    }
    const olds = body.supersedes
      ? await lockSupersedable(ctx, { projectId: project.id, ids: body.supersedes, isMaintainer })
      : [];
    const { fields, redactions } = redactMemory({
      content: body.content ?? memory.content,
      metadata: body.metadata ?? memory.metadata,
      evidenceRef: body.evidence_ref === undefined ? memory.evidenceRef : body.evidence_ref,
    });
    const now = ctx.now();
    const days = access.workspaceAccess.workspace.reviewAfterDays;
    const confirmed = body.status === 'confirmed' && isMaintainer;
    const reviewAfter =
      body.review_after !== undefined
        ? body.review_after === null
          ? null
          : new Date(body.review_after)
        : confirmed && memory.reviewAfter && memory.reviewAfter <= now
          ? null
          : memory.reviewAfter;
    const next: MemoryChange & { type: MemoryRow['type']; status: MemoryRow['status'] } = {
      ...fields,
      type: body.type ?? memory.type,
      status: body.status ?? memory.status,
      occurredAt: checkedOccurredAt(ctx, body.occurred_at) ?? memory.occurredAt,
      supersedes: body.supersedes
        ? [...new Set([...memory.supersedes, ...body.supersedes])]
        : memory.supersedes,
      reviewAfter,
      ...flagsAfter(memory, fields.content, confirmed, reviewDueAt({ ...memory, reviewAfter }, days), now),
      // A restored memory no longer links to the one that had replaced it.
      supersededBy: (body.status ?? memory.status) === 'superseded' ? memory.supersededBy : null,
    };
    const textChanged = next.content !== memory.content || next.type !== memory.type;
    // A writer's edit of a curated memory needs review again (a superseded one stays superseded).
    if (textChanged && !isMaintainer && (memory.status === 'confirmed' || memory.status === 'rejected')) {
      next.status = 'draft';
    }
    const write = {
      redactions,
      workspaceKey: project.workspaceKey,
      projectKey: project.key,
      deduplicated: false,
    };
    const changed = changedFields(memory, next);
    if (changed.length === 0) {
      const row = confirmed ? await restartClock(ctx, memory) : memory;
      return { ...write, view: memoryView(row, days, now) };
    }
    const hash = contentHash(next.content ?? memory.content);
    if (textChanged) await assertNotDuplicate(ctx, memory, next.type, hash);
    const row = await saveMemoryChange(ctx, project, memory, {
      set: { ...next, contentHash: hash, ...(confirmed ? { reviewedAt: now } : {}) },
      reason: confirmed && changed.includes('flags') ? 'confirmed by a person' : undefined,
      redactions,
    });
    await markSuperseded(ctx, project, row, olds);
    return { ...write, view: memoryView(row, days, now) };
  });
}

/**
 * The flags after an edit: instruction_like follows a changed text (an unchanged one keeps what a
 * confirmation decided); a confirmation clears the review flags, a review date moved to the future clears `stale`, and one already past sets it (as
 * readers see it: the review list finds it at once, not after the next sweep).
 */
function flagsAfter(
  memory: MemoryRow,
  content: string,
  confirmed: boolean,
  due: Date | null,
  now: Date,
): { flags: MemoryFlag[]; flagNotes: FlagNotes } {
  const flagged = content === memory.content ? memory : withTextFlags(content, memory);
  if (confirmed) return CLEARED_BY_CONFIRMATION.reduce(withoutFlag, flagged);
  return due === null || due > now ? withoutFlag(flagged, 'stale') : markedStale(flagged, due);
}

/** A confirmation that changes nothing else still restarts the review clock (no new version). */
async function restartClock(ctx: Ctx, memory: MemoryRow): Promise<MemoryRow> {
  const reviewedAt = ctx.now();
  await ctx.db.update(memories).set({ reviewedAt }).where(eq(memories.id, memory.id));
  return { ...memory, reviewedAt };
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
