import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAgentJsonl } from '../../../bench/generate-transcript.ts';
import type { Harness } from '../../test/harness.ts';
import { useHarness } from '../../test/harness.ts';
import { team } from '../projects/projects.fixtures.ts';
import { rawMessages, rawSessions } from '../raw/table.ts';
import { THREADED_BYTES, THREADED_MESSAGES } from './import-threads.ts';
import {
  getImport,
  postStep,
  projectIdOf,
  runPipeline,
  stagedOf,
  stepOk,
  uploaded,
  type ImportAnswer,
} from './imports.fixtures.ts';
import { UPLOADS_DIR } from './upload-file.ts';

/**
 * A large import runs its parse and extract in worker threads (ADR 0018); a small one, or any with
 * SERVICE_IMPORT_THREADS=0, in the server's thread. The same transcript, imported once each way
 * (two servers, each on its own database), must leave exactly the same raw messages and staged
 * memories, with the same counts.
 */
const threaded = useHarness({ importThreads: 2 });
const inline = useHarness({ importThreads: 0 });

let scratch: string;
let transcript: Buffer;
let messages: number;

const AWS_KEY = 'AKIA' + 'QWERTYUIOP234567';

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'ctxhub-import-threads-'));
  const path = join(scratch, 'team.jsonl');
  const generated = await generateAgentJsonl(path, 3_000_000, { seed: 7 });
  messages = generated.messages;
  const line = (content: string, uuid: string) =>
    `${JSON.stringify({ type: 'user', sessionId: 'extra', uuid, timestamp: '2025-03-01T10:00:00.000Z', message: { role: 'user', content } })}\n`;
  // A secret, a line that is not JSON and a message over the size a raw message is cut to.
  appendFileSync(
    path,
    line(`We decided to rotate the deploy key ${AWS_KEY} every month, never by hand.`, 'e1') +
      '{"type": "user", not json\n' +
      line(`The build log follows.\n${'0123456789 '.repeat(100_000)}`, 'e2'),
  );
  transcript = readFileSync(path);
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The import of the transcript in a new project of `h`, to extract: its steps and what it stored. */
async function importEverything(h: Harness) {
  const t = await team(h);
  const { parsed, extracted } = await runPipeline(
    h,
    t.writer,
    { ws: t.ws, project: t.project, file: { name: 'team.jsonl', content: transcript } },
    'extract',
  );
  const projectId = await projectIdOf(h, parsed.id);
  const raw = await h.database.db
    .select({
      session: rawSessions.sourceSessionId,
      title: rawSessions.title,
      count: rawSessions.messageCount,
      id: rawMessages.id,
      seq: rawMessages.seq,
      role: rawMessages.role,
      content: rawMessages.content,
      createdAt: rawMessages.createdAt,
    })
    .from(rawMessages)
    .innerJoin(rawSessions, eq(rawSessions.id, rawMessages.sessionId))
    .where(eq(rawMessages.projectId, projectId))
    .orderBy(asc(rawSessions.sourceSessionId), asc(rawMessages.seq));
  const place = new Map(raw.map((m) => [m.id, `${m.session}#${m.seq}`]));
  const staged = (await stagedOf(h, parsed.id)).map((s) => ({
    type: s.type,
    content: s.content,
    message: s.raw_message_id ? place.get(s.raw_message_id) : null,
    occurred_at: s.occurred_at,
    selected: s.selected,
    redactions: s.redactions,
  }));
  return {
    parsed: parsed.stats,
    extracted: extracted?.stats,
    raw: raw.map(({ id: _id, ...m }) => m),
    staged,
  };
}

describe('imports in worker threads', () => {
  it('parse and extract of a large transcript store exactly what they store in the server thread', async () => {
    expect(transcript.length).toBeGreaterThan(THREADED_BYTES);
    expect(messages).toBeGreaterThan(THREADED_MESSAGES);
    const [inThreads, inServer] = [await importEverything(threaded), await importEverything(inline)];

    expect(inThreads.parsed).toMatchObject({ messages: messages + 2, skipped: 1, truncated: 1 });
    expect(inThreads.parsed.redactions).toBeGreaterThanOrEqual(1);
    expect(inThreads.raw.some((m) => m.content.includes('[redacted:aws_access_key]'))).toBe(true);
    expect(JSON.stringify(inThreads.raw)).not.toContain(AWS_KEY);
    expect(inThreads.extracted?.staged).toBeGreaterThan(100);
    expect(inThreads.staged.map((s) => s.content)).toContain(
      'We decided to rotate the deploy key [redacted:aws_access_key] every month, never by hand.',
    );

    expect(inThreads.parsed).toEqual(inServer.parsed);
    expect(inThreads.extracted).toEqual(inServer.extracted);
    expect(inThreads.raw).toEqual(inServer.raw);
    expect(inThreads.staged).toEqual(inServer.staged);
  }, 300_000);

  it.each([
    ['in a worker thread', () => threaded],
    ['in the server thread', () => inline],
  ])(
    'a parse whose upload cannot be read %s fails with 500, leaving the import to retry',
    async (_, harness) => {
      const h = harness();
      const t = await team(h);
      const up = await uploaded(h, t.writer, {
        ws: t.ws,
        project: t.project,
        file: { name: 'team.jsonl', content: transcript },
      });
      const stored = join(h.config.importDir, UPLOADS_DIR, up.id);
      renameSync(stored, `${stored}.away`);
      const res = await postStep(h, t.writer, up.id, 'parse');
      expect(res.statusCode, res.body).toBe(500);
      const after = (await getImport(h, t.writer, up.id)).json() as ImportAnswer;
      expect(after).toMatchObject({ status: 'uploaded', running_step: null, error: null });

      renameSync(`${stored}.away`, stored);
      const parsed = await stepOk(h, t.writer, up.id, 'parse');
      expect(parsed).toMatchObject({ status: 'parsed', stats: { messages: messages + 2 } });
    },
    300_000,
  );
});
