import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { configuredEngine, engineSized } from '../../platform/db/engine-sized.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { newId } from '../../platform/ids.ts';
import { TimeSlices } from '../../platform/time-slices.ts';
import { rawMessages, rawSessions } from '../raw/index.ts';
import type { ImportAccess } from './import-access.ts';
import { uploadEvents } from './import-threads.ts';
import type { SessionEvent } from './parsers/types.ts';
import { runImportStep, type StepOutcome } from './import-step-runner.ts';
import type { ImportRow } from './table.ts';
import { missing } from '../../platform/missing.ts';

/**
 * Messages per insert (or fewer, once they hold `chars`), and inserts running at once. On PGlite,
 * where a statement holds the whole server, 500 messages (4 M chars) took 80-200 ms each; 50 (100k
 * chars) 8-10 ms, p99 ~27 ms; its statements run one at a time anyway. PostgreSQL spends most of
 * an insert computing the search index's words, in the connection's one process: two inserts at
 * once keep two of its processes busy.
 */
const BATCH = {
  pglite: { messages: 50, chars: 100_000, writing: 1 },
  postgres: { messages: 500, chars: 4_000_000, writing: 2 },
};
/** Source session ids are stored cut to this length. */
const SESSION_ID_CHARS = 500;

/** A session of this import: its row, the next message position, and what is known of it. */
interface SessionState {
  id: string;
  nextSeq: number;
  title: string | null;
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
  return runImportStep(ctx, input.id, 'parse', ({ row }) => parseFile(ctx, row));
}

async function parseFile(ctx: Ctx, row: ImportRow): Promise<StepOutcome<'parse'>> {
  const stats = { sessions: 0, messages: 0, skipped: 0, redactions: 0, truncated: 0 };
  const sessions = new Map<string, SessionState>();
  let current: SessionState | null = null;
  let firstProblem: string | null = null;
  let batch: Row[] = [];
  let batchChars = 0;
  const limit = engineSized(ctx.config, BATCH);
  /** The batches the database is writing while the next one is parsed, oldest first. */
  const writing: Promise<unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    batchChars = 0;
    while (writing.length >= limit.writing) await writing.shift();
    // A drizzle query runs again on every then(): started once here, as a plain promise.
    const write = Promise.resolve(
      ctx.db.execute(
        insertJsonRows(
          rawMessages,
          rows,
          sql`on conflict (session_id, seq) do update
            set role = excluded.role, content = excluded.content, created_at = excluded.created_at`,
        ),
      ),
    );
    write.catch(() => {}); // awaited (and thrown) by a later flush or at the end
    writing.push(write);
  };
  const openSession = async (e: SessionEvent) => {
    const sourceSessionId = e.sourceSessionId.slice(0, SESSION_ID_CHARS).toWellFormed();
    const known = sessions.get(sourceSessionId);
    if (known) {
      // Announced again (e.g. once its title is known): the rest is written at the end.
      known.title ??= e.title;
      known.startedAt ??= e.startedAt;
      return known;
    }
    const now = ctx.now();
    const [s = missing('the upserted raw session')] = await ctx.db
      .insert(rawSessions)
      .values({
        id: newId('rses'),
        workspaceId: row.workspaceId,
        projectId: row.projectId,
        source: row.source,
        sourceSessionId,
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
    const state = { id: s.id, nextSeq: 0, title: e.title, startedAt: e.startedAt };
    sessions.set(sourceSessionId, state);
    stats.sessions += 1;
    return state;
  };
  const input = {
    path: join(ctx.config.importDir, row.filePath),
    source: row.source,
    options: { fallbackSessionId: row.sha256 },
  };
  const slices = new TimeSlices();
  for await (const e of uploadEvents(ctx.config, input, row.bytes)) {
    await slices.pass();
    if (e.type === 'skipped') {
      stats.skipped += 1;
      firstProblem ??= e.problem;
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
    if (e.truncated) stats.truncated += 1;
    stats.redactions += e.redactions;
    stats.messages += 1;
    batch.push({
      id: newId('rmsg'),
      sessionId: current.id,
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      seq: current.nextSeq++,
      role: e.role,
      content: e.content,
      createdAt: e.createdAt ?? current.startedAt ?? row.createdAt,
    });
    batchChars += e.content.length;
    if (batch.length >= limit.messages || batchChars >= limit.chars) await flush();
  }
  await flush();
  for (const write of writing) await write;
  await finishSessions(ctx, [...sessions.values()]);
  if (stats.messages > 10_000) await analyzeRawMessages(ctx);
  if (stats.messages === 0) {
    const why = firstProblem ? ` (${stats.skipped} skipped; first: ${firstProblem})` : '';
    return { stats, failed: `Nothing usable in ${row.fileName}: no messages found${why}` };
  }
  return { stats };
}

/**
 * Fresh row estimates for the next steps' queries after a large parse. On PGlite from a coarse
 * sample (3,000 rows): the default one (30,000 rows) held the server for 0.3-0.9 s; the scheduled
 * VACUUM (ANALYZE) takes the full sample later.
 */
async function analyzeRawMessages(ctx: Ctx): Promise<void> {
  if (configuredEngine(ctx.config) === 'postgres') {
    await ctx.db.execute(sql`analyze ${rawMessages}`);
    return;
  }
  await inTransaction(ctx, async (ctx) => {
    await ctx.db.execute(sql`set local default_statistics_target = 10`);
    await ctx.db.execute(sql`analyze ${rawMessages}`);
  });
}

/**
 * Ends the import's sessions in one transaction: messages past each session's new end (left from
 * an earlier import) are removed, and each row gets its count and what became known of it later.
 */
async function finishSessions(ctx: Ctx, sessions: SessionState[]): Promise<void> {
  if (sessions.length === 0) return;
  const ends = sessions.map((s) => ({
    id: s.id,
    count: s.nextSeq,
    title: s.title,
    started_at: s.startedAt?.toISOString() ?? null,
  }));
  const list = sql`jsonb_to_recordset(${JSON.stringify(ends)}::jsonb)
    as v(id text, count integer, title text, started_at timestamptz)`;
  await inTransaction(ctx, async (ctx) => {
    await ctx.db.execute(sql`delete from ${rawMessages} using ${list}
      where ${rawMessages.sessionId} = v.id and ${rawMessages.seq} >= v.count`);
    await ctx.db.execute(sql`update ${rawSessions}
      set message_count = v.count,
        title = coalesce(v.title, ${rawSessions.title}),
        started_at = coalesce(v.started_at, ${rawSessions.startedAt})
      from ${list} where ${rawSessions.id} = v.id`);
  });
}
