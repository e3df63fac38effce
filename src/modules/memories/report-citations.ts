import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { validated } from '../../platform/http/validate.ts';
import { requireMemory } from './memory-access.ts';
import { memoryView, type MemoryView } from './review-clock.ts';
import { saveMemoryChange } from './save-memory-change.ts';
import { citationsReportBody, citesOf } from './schemas.ts';
import { withFlag } from './text-flags.ts';

export type ReportCitationsInput = z.input<typeof citationsReportBody> & { id: string };
type Missing = z.output<typeof citationsReportBody>['missing'];

/** Characters of the working tree's commit a note shows (git's short form). */
const SHORT_SHA = 7;

/**
 * What was not found, in words: `cited <path> (symbol <name>), <path> not found in a working tree
 * at abc1234`.
 */
function notFoundText(missing: Missing, commit: string | undefined): string {
  const cited = missing.map((m) => (m.symbol ? `${m.path} (symbol ${m.symbol})` : m.path)).join(', ');
  const at = commit ? ` at ${commit.slice(0, SHORT_SHA).toLowerCase()}` : '';
  return `cited ${cited} not found in a working tree${at}`;
}

const reporterOf = (ctx: Ctx) =>
  ctx.actor.kind === 'user' ? ctx.actor.email : ctx.actor.kind === 'system' ? ctx.actor.name : 'someone';

/**
 * A client working in the repository (ctxhub context, ctxhub mcp) did not find code the memory
 * cites: the memory is flagged `needs_review`, noted with what was missing, where and who said so
 * (a new version whose reason says what was missing, and a `memory.updated` audit entry). Only the
 * memory's own citations can be reported (400 otherwise); a report that changes nothing (the
 * memory is flagged with the same note already) writes nothing. A maintainer's confirmation
 * clears the flag (update-memory.ts). Project writers.
 */
export async function reportCitations({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ReportCitationsInput;
}): Promise<{ view: MemoryView; workspaceKey: string; projectKey: string }> {
  const { id, ...rest } = input;
  const { workspace_key, missing, commit } = validated(citationsReportBody, rest);
  return inTransaction(ctx, async (ctx) => {
    const { memory, access, project } = await requireMemory(ctx, id, workspace_key, 'writer', true);
    const cited = citesOf(memory.metadata.cites);
    missing.forEach((m, i) => {
      if (!cited.some((c) => c.path === m.path && c.symbol === m.symbol)) {
        throw invalidField(`body.missing.${i}`, `is not one of the citations of memory ${id}`);
      }
    });
    const what = notFoundText(missing, commit);
    const note = `${what}, reported by ${reporterOf(ctx)}`;
    const keys = { workspaceKey: project.workspaceKey, projectKey: project.key };
    const days = access.workspaceAccess.workspace.reviewAfterDays;
    if (memory.flags.includes('needs_review') && memory.flagNotes.needs_review === note) {
      return { ...keys, view: memoryView(memory, days, ctx.now()) };
    }
    const row = await saveMemoryChange(ctx, project, memory, {
      set: withFlag(memory, 'needs_review', note),
      reason: what,
    });
    return { ...keys, view: memoryView(row, days, ctx.now()) };
  });
}
