import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { validated } from '../../platform/http/validate.ts';
import { missing } from '../../platform/missing.ts';
import { projectRank, requireProjectRole } from '../access/index.ts';
import { possibleContradictions, type PossibleContradiction } from './possible-contradictions.ts';
import { memoryProjectOf } from './memory-access.ts';
import { checkedOccurredAt } from './occurred-at.ts';
import { memoryView, type MemoryView } from './review-clock.ts';
import { createMemoryBody } from './schemas.ts';
import { storeMemories } from './store-memories.ts';
import { saveMemoryChange } from './save-memory-change.ts';
import { lockSupersedable, markSuperseded } from './supersede-memories.ts';

export type CreateMemoryInput = z.input<typeof createMemoryBody>;

export interface MemoryWrite {
  view: MemoryView;
  /** An identical memory (same type and normalized content) existed and is answered instead. */
  deduplicated: boolean;
  redactions: number;
  workspaceKey: string;
  projectKey: string;
}

/**
 * Project writers add memories as drafts; a maintainer may add them confirmed (or rejected).
 * An identical memory (same type and normalized content) is answered instead of stored twice; the
 * memories `supersedes` names are superseded by it all the same (so remembering a fact again
 * with `supersedes` confirms what `possibly_supersedes` suggested). Nothing is written when one
 * of them may not be superseded. A new memory is answered with the older ones it seems to
 * contradict.
 */
export async function createMemory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateMemoryInput;
}): Promise<MemoryWrite & { possiblySupersedes: PossibleContradiction[] }> {
  const { status, ...fields } = validated(createMemoryBody, input);
  const occurredAt = checkedOccurredAt(ctx, fields.occurred_at) ?? null;
  const written = await inTransaction(ctx, async (ctx) => {
    const access = await requireProjectRole(
      ctx,
      fields.workspace_key,
      fields.project_key,
      status === 'draft' ? 'writer' : 'maintainer',
    );
    const project = memoryProjectOf(access);
    const ids = fields.supersedes ?? [];
    const olds = ids.length
      ? await lockSupersedable(ctx, {
          projectId: project.id,
          ids,
          isMaintainer: projectRank(access.role) >= projectRank('maintainer'),
        })
      : [];
    const [stored = missing('the stored memory')] = await storeMemories({
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
            supersedes: ids,
            reviewAfter: fields.review_after ? new Date(fields.review_after) : null,
          },
        ],
      },
    });
    // The identical memory answered instead supersedes them from now on (a new version of it).
    const more = ids.filter((id) => !stored.row.supersedes.includes(id));
    const row =
      stored.created || more.length === 0
        ? stored.row
        : await saveMemoryChange(ctx, project, stored.row, {
            set: { supersedes: [...stored.row.supersedes, ...more] },
          });
    await markSuperseded(ctx, project, row, olds);
    const days = access.workspaceAccess.workspace.reviewAfterDays;
    return { ...stored, row, days, project };
  });
  const { row, days, project, created, redactions } = written;
  return {
    view: memoryView(row, days, ctx.now()),
    deduplicated: !created,
    redactions,
    workspaceKey: project.workspaceKey,
    projectKey: project.key,
    possiblySupersedes: created ? await possibleContradictions(ctx, row) : [],
  };
}
