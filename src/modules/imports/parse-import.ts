import { join } from 'node:path';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { newId } from '../../platform/ids.ts';
import { redactSecrets } from '../../platform/redact-secrets.ts';
import { rawMessages, rawSessions } from '../raw/table.ts';
import { requireImport, type ImportAccess } from './import-access.ts';
import { parseTranscript } from './parsers/parse-transcript.ts';
import type { ParseEvent } from './parsers/types.ts';
import { runImportStep, type StepOutcome } from './run-import-step.ts';
import type { ImportRow } from './table.ts';

/** A raw message longer than this is cut (and counted): transcripts can carry huge tool outputs. */
export const MAX_RAW_MESSAGE_CHARS = 1_000_000;
const BATCH_MESSAGES = 500;
const BATCH_CHARS = 4_000_000;

interface SessionState {
  id: string;
  nextSeq: number;
  startedAt: Date | null;
}

type Row = typeof rawMessages.$inferInsert;

/**
 * Parse: streams the upload through its source's parser into raw sessions and messages, in
 * bounded batches (one short transaction each). A session imported before (same project, source
 * and session id) is updated in place by message position, and messages past its new end are
 * removed: re-importing never duplicates. Nothing usable: the import ends `failed`.
 */
export async function parseImport({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string };
}): Promise<ImportAccess> {
  const found = await requireImport(ctx, input.id);
  return runImportStep(ctx, found, 'parse', (row) => parseFile(ctx, row));
}

async function parseFile(ctx: Ctx, row: ImportRow): Promise<StepOutcome> {
  const stats = { sessions: 0, messages: 0, skipped: 0, redactions: 0, truncated: 0 };
  const sessions = new Map<string, SessionState>();
  let current: SessionState | null = null;
  let firstProblem: string | null = null;
  let batch: Row[] = [];
  let batchChars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    batchChars = 0;
    await ctx.db.execute(
      insertJsonRows(
        rawMessages,
        rows,
        sql`on conflict (session_id, seq) do update
          set role = excluded.role, content = excluded.content, created_at = excluded.created_at`,
      ),
    );
  };
  const openSession = async (e: Extract<ParseEvent, { type: 'session' }>) => {
    const known = sessions.get(e.sourceSessionId);
    if (known) return known;
    const now = ctx.now();
    const [s] = await ctx.db
      .insert(rawSessions)
      .values({
        id: newId('rses'),
        workspaceId: row.workspaceId,
        projectId: row.projectId,
        source: row.source,
        sourceSessionId: e.sourceSessionId.slice(0, 500),
        title: e.title,
        importId: row.id,
        messageCount: 0,
        startedAt: e.startedAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [rawSessions.projectId, rawSessions.source, rawSessions.sourceSessionId],
        set: { importId: row.id, title: sql`coalesce(excluded.title, ${rawSessions.title})`, updatedAt: now },
      })
      .returning({ id: rawSessions.id });
    const state = { id: s!.id, nextSeq: 0, startedAt: e.startedAt };
    sessions.set(e.sourceSessionId, state);
    stats.sessions += 1;
    return state;
  };
  const path = join(ctx.config.importDir, row.filePath);
  for await (const e of parseTranscript(path, row.source, { fallbackSessionId: row.sha256 })) {
    if (e.type === 'skipped') {
      stats.skipped += 1;
      firstProblem ??= e.line === null ? e.reason : `line ${e.line}: ${e.reason}`;
      continue;
    }
    if (e.type === 'session') {
      current = await openSession(e);
      continue;
    }
    current ??= await openSession({
      type: 'session',
      sourceSessionId: row.sha256,
      title: null,
      startedAt: null,
    });
    let content = e.content;
    if (content.length > MAX_RAW_MESSAGE_CHARS) {
      content = `${content.slice(0, MAX_RAW_MESSAGE_CHARS).toWellFormed()}\n[truncated]`;
      stats.truncated += 1;
    }
    const redacted = redactSecrets(content);
    stats.redactions += redacted.redactions;
    stats.messages += 1;
    batch.push({
      id: newId('rmsg'),
      sessionId: current.id,
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      seq: current.nextSeq++,
      role: e.role,
      content: redacted.text,
      createdAt: e.createdAt ?? current.startedAt ?? row.createdAt,
    });
    batchChars += redacted.text.length;
    if (batch.length >= BATCH_MESSAGES || batchChars >= BATCH_CHARS) await flush();
  }
  await flush();
  for (const s of sessions.values()) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .delete(rawMessages)
        .where(and(eq(rawMessages.sessionId, s.id), gte(rawMessages.seq, s.nextSeq)));
      await tx.update(rawSessions).set({ messageCount: s.nextSeq }).where(eq(rawSessions.id, s.id));
    });
  }
  if (stats.messages > 10_000) await ctx.db.execute(sql`analyze ${rawMessages}`);
  if (stats.messages === 0) {
    const why = firstProblem ? ` (${stats.skipped} skipped; first: ${firstProblem})` : '';
    return { stats, failed: `Nothing usable in ${row.fileName}: no messages found${why}` };
  }
  return { stats };
}
