import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { rawMessages, rawSessions } from '../raw/index.ts';
import { MAX_SCANNED_CHARS } from './extract-candidates.ts';

const BATCH_MESSAGES = 500;
/** Candidates are read from the start of a message (one character more shows it was cut). */
const EXTRACT_READ_CHARS = MAX_SCANNED_CHARS + 1;

/** A user or assistant message of an import, as extract reads it. */
export interface ImportMessage {
  id: string;
  sessionId: string;
  seq: number;
  role: 'user' | 'assistant';
  text: string;
  /** The message's own time (the transcript's), which its staged memories keep as `occurred_at`. */
  at: Date;
}

/** The import's sessions (their ids and message counts), in id order. */
export function importSessions(ctx: Ctx, importId: string): Promise<{ id: string; count: number }[]> {
  return ctx.db
    .select({ id: rawSessions.id, count: rawSessions.messageCount })
    .from(rawSessions)
    .where(eq(rawSessions.importId, importId))
    .orderBy(asc(rawSessions.id));
}

/**
 * The sessions' user and assistant messages in pages of about BATCH_MESSAGES, session by session.
 * Sessions are grouped by their message counts so small ones share a query; each page is read by
 * its own key range of `raw_messages_position_uq`, so every page costs the same however far the
 * import has got (a keyset over a join with the sessions re-read every earlier message each time).
 */
export async function* importMessages(
  ctx: Ctx,
  sessions: { id: string; count: number }[],
): AsyncGenerator<ImportMessage[]> {
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
