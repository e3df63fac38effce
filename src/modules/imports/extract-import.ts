import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { newId } from '../../platform/ids.ts';
import { missing } from '../../platform/missing.ts';
import { TimeSlices } from '../../platform/time-slices.ts';
import { workspaces } from '../tenancy/index.ts';
import { extractWithModel } from './extract-with-model.ts';
import { citesMetadata } from './cited-paths.ts';
import { rememberedDrafts } from './remembered-drafts.ts';
import type { ImportAccess } from './import-access.ts';
import { startDraftMaker } from './import-threads.ts';
import type { Draft } from './message-drafts.ts';
import { runImportStep, type StepOutcome } from './import-step-runner.ts';
import { importMessages, importSessions, type ImportMessage } from './import-messages.ts';
import { stagedMemories, type ImportRow } from './table.ts';

/**
 * Extract: turns the import's user and assistant messages into staged memories (type classified
 * from the wording, clipped; parse already redacted the messages' secrets), leaving out what the
 * project already remembers and repeats within the import; with the workspace's model_extraction
 * on, the language model's proposals are merged in (extract-with-model.ts). Staged memories start
 * selected; commit turns them into memories.
 */
export async function extractImport({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string };
}): Promise<ImportAccess> {
  return runImportStep(ctx, input.id, 'extract', ({ row }) => extractStaged(ctx, row));
}

/** A page of messages handed to the draft maker, and the drafts it will answer. */
interface PageInWork {
  page: ImportMessage[];
  chars: number;
  drafts: Promise<Draft[][]>;
}

async function extractStaged(ctx: Ctx, row: ImportRow): Promise<StepOutcome<'extract'>> {
  const stats = { candidates: 0, staged: 0, already_remembered: 0, repeated: 0 };
  const sessions = await importSessions(ctx, row.id);
  const maker = startDraftMaker(
    ctx.config,
    sessions.reduce((n, s) => n + s.count, 0),
  );
  /** Pages in work, oldest first: each is staged in turn once its drafts are there. */
  const inWork: PageInWork[] = [];
  // Pages are read and staged here while threads classify: on PGlite each of these statements
  // holds the event loop, so other requests get their turn between them (ADR 0013).
  const slices = new TimeSlices();
  const stageOldest = async () => {
    const oldest = inWork.shift();
    if (!oldest) return;
    const drafts = await oldest.drafts;
    await slices.pass();
    await stagePage(ctx, row, oldest.page, drafts, stats);
  };
  try {
    for await (const page of importMessages(ctx, sessions)) {
      await slices.pass();
      while (
        inWork.length &&
        !maker.canTakeMore(
          inWork.length,
          inWork.reduce((n, p) => n + p.chars, 0),
        )
      )
        await stageOldest();
      const drafts = maker.drafts(page.map((m) => ({ role: m.role, text: m.text })));
      drafts.catch(() => {}); // awaited (and thrown) when its page is staged
      inWork.push({ page, chars: page.reduce((n, m) => n + m.text.length, 0), drafts });
    }
    while (inWork.length) await stageOldest();
  } finally {
    await maker.close();
  }
  const [workspace] = await ctx.db
    .select({ modelExtraction: workspaces.modelExtraction })
    .from(workspaces)
    .where(eq(workspaces.id, row.workspaceId));
  if (!workspace?.modelExtraction) return { stats };
  const model = await extractWithModel(ctx, row, sessions);
  return {
    stats: { ...stats, ...model.stats },
    ...(model.error === undefined ? {} : { model_error: model.error }),
  };
}

/**
 * Stages the drafts of one page of messages, leaving out what the project already remembers and
 * (by the unique key of staged memories) what the import staged before.
 */
async function stagePage(
  ctx: Ctx,
  row: ImportRow,
  page: ImportMessage[],
  drafts: Draft[][],
  stats: Record<'candidates' | 'staged' | 'already_remembered' | 'repeated', number>,
): Promise<void> {
  const found = page.flatMap((m, i) =>
    (drafts[i] ?? missing(`the drafts of message ${m.id}`)).map((d) => ({
      ...d,
      rawMessageId: m.id,
      at: m.at,
    })),
  );
  stats.candidates += found.length;
  if (found.length === 0) return;
  const remembered = await rememberedDrafts(ctx, row.projectId, found);
  const fresh = found.filter((d) => !remembered(d));
  stats.already_remembered += found.length - fresh.length;
  if (fresh.length === 0) return;
  const now = ctx.now();
  const inserted = await queryRows<{ id: string }>(
    ctx.db,
    insertJsonRows(
      stagedMemories,
      fresh.map((d) => ({
        id: newId('stg'),
        importId: row.id,
        rawMessageId: d.rawMessageId,
        type: d.type,
        content: d.content,
        contentHash: d.hash,
        redactions: 0,
        metadata: citesMetadata(d.cites),
        occurredAt: d.at,
        createdAt: now,
        updatedAt: now,
      })),
      sql`on conflict do nothing returning id`,
    ),
  );
  stats.staged += inserted.length;
  stats.repeated += fresh.length - inserted.length;
}
