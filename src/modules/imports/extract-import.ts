import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { newId } from '../../platform/ids.ts';
import { TimeSlices } from '../../platform/time-slices.ts';
import { contentHash, memories } from '../memories/index.ts';
import { rawMessages, rawSessions } from '../raw/index.ts';
import { extractCandidates, MAX_SCANNED_CHARS, type Candidate } from './extract-candidates.ts';
import type { ImportAccess } from './import-access.ts';
import { runImportStep, type StepOutcome } from './import-step-runner.ts';
import { stagedMemories, type ImportRow } from './table.ts';

const BATCH_MESSAGES = 500;
/** Candidates are read from the start of a message (one character more shows it was cut). */
const EXTRACT_READ_CHARS = MAX_SCANNED_CHARS + 1;

/**
 * Extract: turns the import's user and assistant messages into staged memories (type classified
 * from the wording, clipped; parse already redacted the messages' secrets), leaving out what the project already remembers and repeats within
 * the import. Staged memories start selected; commit turns them into memories.
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

interface ImportMessage {
  id: string;
  sessionId: string;
  seq: number;
  role: 'user' | 'assistant';
  text: string;
  /** The message's own time (the transcript's), which its staged memories keep as `occurred_at`. */
  at: Date;
}

/**
 * The import's user and assistant messages in pages of about BATCH_MESSAGES, session by session.
 * Sessions are grouped by their message counts so small ones share a query; each page is read by
 * its own key range of `raw_messages_position_uq`, so every page costs the same however far the
 * import has got (a keyset over a join with the sessions re-read every earlier message each time).
 */
async function* importMessages(ctx: Ctx, importId: string): AsyncGenerator<ImportMessage[]> {
  const sessions = await ctx.db
    .select({ id: rawSessions.id, count: rawSessions.messageCount })
    .from(rawSessions)
    .where(eq(rawSessions.importId, importId))
    .orderBy(asc(rawSessions.id));
  let group: string[] = [];
  let size = 0;
  for (const session of sessions) {
    if (group.length && size + session.count > BATCH_MESSAGES) {
      yield* groupMessages(ctx, group);
      group = [];
      size = 0;
    }
    group.push(session.id);
    size += session.count;
  }
  yield* groupMessages(ctx, group);
}

async function* groupMessages(ctx: Ctx, sessionIds: string[]): AsyncGenerator<ImportMessage[]> {
  let after: { sessionId: string; seq: number } | null = null;
  for (let round = 0; round < 1_000_000 && sessionIds.length; round++) {
    const page: ImportMessage[] = await ctx.db
      .select({
        id: rawMessages.id,
        sessionId: rawMessages.sessionId,
        seq: rawMessages.seq,
        role: sql<'user' | 'assistant'>`${rawMessages.role}`,
        text: sql<string>`left(${rawMessages.content}, ${EXTRACT_READ_CHARS})`,
        at: rawMessages.createdAt,
      })
      .from(rawMessages)
      .where(
        and(
          inArray(rawMessages.sessionId, sessionIds),
          inArray(rawMessages.role, ['user', 'assistant']),
          after
            ? sql`(${rawMessages.sessionId}, ${rawMessages.seq}) > (${after.sessionId}, ${after.seq})`
            : undefined,
        ),
      )
      .orderBy(asc(rawMessages.sessionId), asc(rawMessages.seq))
      .limit(BATCH_MESSAGES);
    if (page.length) yield page;
    const last = page.at(-1);
    if (!last || page.length < BATCH_MESSAGES) return;
    after = { sessionId: last.sessionId, seq: last.seq };
  }
}

async function extractStaged(ctx: Ctx, row: ImportRow): Promise<StepOutcome> {
  const stats = { candidates: 0, staged: 0, already_remembered: 0, repeated: 0 };
  const slices = new TimeSlices();
  for await (const batch of importMessages(ctx, row.id)) {
    const drafts: {
      rawMessageId: string;
      at: Date;
      type: Candidate['type'];
      content: string;
      hash: string;
    }[] = [];
    for (const m of batch) {
      await slices.pass();
      for (const c of extractCandidates({ role: m.role, content: m.text }))
        drafts.push({
          rawMessageId: m.id,
          at: m.at,
          type: c.type,
          content: c.content,
          hash: contentHash(c.content),
        });
    }
    stats.candidates += drafts.length;
    if (drafts.length === 0) continue;
    const hashes = JSON.stringify(drafts.map((d) => d.hash));
    const known = await queryRows<{ type: string; hash: string }>(
      ctx.db,
      sql`select type, content_hash as hash from ${memories}
        where project_id = ${row.projectId}
          and content_hash in (select jsonb_array_elements_text(${hashes}::jsonb))`,
    );
    const remembered = new Set(known.map((k) => `${k.type}:${k.hash}`));
    const fresh = drafts.filter((d) => !remembered.has(`${d.type}:${d.hash}`));
    stats.already_remembered += drafts.length - fresh.length;
    if (fresh.length === 0) continue;
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
  return { stats };
}
