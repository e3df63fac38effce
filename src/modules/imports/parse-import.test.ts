import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { rawMessages, rawSessions } from '../raw/table.ts';
import {
  getImport,
  pipelineHelpers,
  postStep,
  projectIdOf,
  rawMessageCount,
  rawMessageIds,
  runPipeline,
  stagedOf,
  stepOk,
  uploaded,
} from './imports.fixtures.ts';

const h = useHarness();

let t: Team;
let scratch: string;

beforeAll(async () => {
  t = await team(h);
  scratch = mkdtempSync(join(tmpdir(), 'ctxhub-import-test-'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const { fresh, rawSessionCount, rawSearch } = pipelineHelpers(h, () => t);

describe('parse', () => {
  const shapes: Array<[string, string, { sessions: number; messages: number; skipped: number }]> = [
    ['claude-code-session.jsonl', 'agent_jsonl', { sessions: 2, messages: 21, skipped: 2 }],
    ['codex-rollout.jsonl', 'agent_jsonl', { sessions: 1, messages: 12, skipped: 1 }],
    ['codex-legacy.jsonl', 'agent_jsonl', { sessions: 1, messages: 7, skipped: 0 }],
    ['claude-export.json', 'agent_json_export', { sessions: 2, messages: 7, skipped: 0 }],
    ['chatgpt-export.json', 'agent_json_export', { sessions: 2, messages: 8, skipped: 0 }],
    ['single-conversation.json', 'agent_json_export', { sessions: 1, messages: 5, skipped: 1 }],
    ['notes.md', 'text', { sessions: 1, messages: 2, skipped: 0 }],
  ];

  it.each(shapes)(
    'parses %s (%s) into raw sessions and messages with counts',
    async (file, source, counts) => {
      const p = await fresh();
      const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, source, file });
      const parsed = await stepOk(h, p.writer, up.id, 'parse');
      expect(parsed).toMatchObject({ id: up.id, status: 'parsed', source, error: null, running_step: null });
      expect(parsed.stats).toMatchObject({ ...counts, redactions: 0, truncated: 0 });
      const projectId = await projectIdOf(h, up.id);
      expect(await rawMessageCount(h, projectId)).toBe(counts.messages);
      expect(await rawSessionCount(projectId)).toBe(counts.sessions);
      const roles = await h.database.db
        .selectDistinct({ role: rawMessages.role })
        .from(rawMessages)
        .where(eq(rawMessages.projectId, projectId));
      for (const { role } of roles) expect(['user', 'assistant', 'system', 'tool']).toContain(role);
      expect((await getImport(h, p.writer, up.id)).json()).toEqual(parsed);
    },
  );

  it('normalizes export roles: human becomes user, unknown roles are skipped', async () => {
    const p = await fresh();
    const { parsed } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'single-conversation.json' },
      'parse',
    );
    const rows = await h.database.db
      .select({ role: rawMessages.role, content: rawMessages.content })
      .from(rawMessages)
      .where(eq(rawMessages.projectId, await projectIdOf(h, parsed.id)))
      .orderBy(rawMessages.seq);
    expect(rows.map((r) => r.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(rows[4]!.content).toMatch(/^Next: we agreed to move retries/);
    expect(rows.some((r) => r.content.includes('coffee break'))).toBe(false);
  });

  it('ends `failed` on a file with nothing usable, naming the problem; the import cannot go on', async () => {
    const p = await fresh();
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'empty.jsonl' });
    const parsed = await stepOk(h, p.writer, up.id, 'parse');
    expect(parsed.status).toBe('failed');
    expect(parsed.stats).toMatchObject({ sessions: 0, messages: 0, skipped: 5 });
    expect(parsed.error).toContain('empty.jsonl');
    expect(parsed.error).toMatch(/no messages found/);
    expect(parsed.error).toMatch(/line 3: not valid JSON/);
    expect(await rawMessageCount(h, await projectIdOf(h, up.id))).toBe(0);
    for (const step of ['parse', 'extract', 'commit'] as const) {
      expectError(await postStep(h, p.writer, up.id, step), 409, 'conflict');
    }
    expect((await getImport(h, p.writer, up.id)).json()).toEqual(parsed);
  });

  it('parses messages whose times are out of range, stamping them with the import time', async () => {
    const p = await fresh();
    const far = { id: 'far', created_at: '+020000-01-01T00:00:00Z', messages: [] as object[] };
    for (const timestamp of [1e20, 3e11, '+020000-01-01T00:00:00Z'])
      far.messages.push({ role: 'user', content: `sent at ${timestamp}`, timestamp });
    const file = { name: 'far.json', content: Buffer.from(JSON.stringify(far)) };
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file });
    const parsed = await stepOk(h, p.writer, up.id, 'parse');
    expect(parsed).toMatchObject({ status: 'parsed', stats: { sessions: 1, messages: 3 } });
    const rows = await h.database.db
      .select({ createdAt: rawMessages.createdAt })
      .from(rawMessages)
      .where(eq(rawMessages.projectId, await projectIdOf(h, up.id)));
    expect(rows.map((r) => r.createdAt.toISOString())).toEqual(Array(3).fill(up.created_at));
  });

  it('keeps the error of a failed import short and without secrets, however large the bad value', async () => {
    const p = await fresh();
    const sender = `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'} ${'x'.repeat(200_000)}`;
    const file = {
      name: 'odd.json',
      content: Buffer.from(JSON.stringify({ chat_messages: [{ sender, text: 'hi' }] })),
    };
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file });
    const parsed = await stepOk(h, p.writer, up.id, 'parse');
    expect(parsed.status).toBe('failed');
    expect(parsed.error).toMatch(
      /first: the conversation: chat message with unknown sender "\[redacted:github_token\] x+…\)$/,
    );
    expect(parsed.error!.length).toBeLessThan(200);
  });

  it('stores a session title that arrives after its messages', async () => {
    const p = await fresh();
    const { parsed } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' },
      'parse',
    );
    const sessions = await h.database.db
      .select({ id: rawSessions.sourceSessionId, title: rawSessions.title, count: rawSessions.messageCount })
      .from(rawSessions)
      .where(eq(rawSessions.projectId, await projectIdOf(h, parsed.id)))
      .orderBy(rawSessions.sourceSessionId);
    expect(sessions).toEqual([
      {
        id: '6f1c2a9e-3b4d-4e8a-9c71-2d5f0b8e4a13',
        title: 'BILL-142: duplicate invoices from overlapping invoice job runs',
        count: expect.any(Number),
      },
      {
        id: 'a2d94b70-58e1-4c3f-8f26-91b7c0e3d5a8',
        title: 'Cleaning up duplicate invoices before migration 0031',
        count: expect.any(Number),
      },
    ]);
    expect(sessions[0]!.count + sessions[1]!.count).toBe(21);
  });

  it('merges sessions whose ids share their first 500 characters (the stored id)', async () => {
    const p = await fresh();
    const long = 's'.repeat(500);
    const conversation = (suffix: string) => ({
      id: `${long}${suffix}`,
      title: suffix === 'a' ? null : 'Second title',
      messages: [1, 2].map((n) => ({ role: 'user', content: `message ${n} of ${suffix}` })),
    });
    const file = {
      name: 'long-ids.json',
      content: Buffer.from(JSON.stringify([conversation('a'), conversation('b')])),
    };
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file });
    const parsed = await stepOk(h, p.writer, up.id, 'parse');
    expect(parsed.stats).toMatchObject({ sessions: 1, messages: 4 });
    const projectId = await projectIdOf(h, up.id);
    const [session, ...others] = await h.database.db
      .select()
      .from(rawSessions)
      .where(eq(rawSessions.projectId, projectId));
    expect(others).toEqual([]);
    expect(session).toMatchObject({ sourceSessionId: long, title: 'Second title', messageCount: 4 });
    const contents = await h.database.db
      .select({ content: rawMessages.content })
      .from(rawMessages)
      .where(eq(rawMessages.sessionId, session!.id))
      .orderBy(rawMessages.seq);
    expect(contents.map((c) => c.content)).toEqual([
      'message 1 of a',
      'message 2 of a',
      'message 1 of b',
      'message 2 of b',
    ]);
  });

  it('makes the raw messages searchable with GET /v1/raw/search', async () => {
    const p = await fresh();
    const before = await rawSearch(p.writer, p, 'advisory lock');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().items).toEqual([]);
    const { parsed } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' },
      'parse',
    );
    const res = await rawSearch(p.writer, p, 'advisory lock');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<{
      message_id: string;
      session_id: string;
      role: string;
      snippet: string;
    }>;
    expect(items.length).toBeGreaterThan(0);
    const ids = await rawMessageIds(h, await projectIdOf(h, parsed.id));
    for (const item of items) {
      expect(ids).toContain(item.message_id);
      expect(item.snippet.toLowerCase()).toMatch(/advisory/);
    }
  });
});

describe('secrets in transcripts', () => {
  it('redacts secrets before raw messages are stored and counts them', async () => {
    const p = await fresh();
    const password = 'hunter2-Staging-42';
    const token = 'ghp' + '_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const file = join(scratch, 'deploy-notes.md');
    writeFileSync(
      file,
      `# Deploy notes\n\nThe staging database needs DB_PASSWORD=${password} in the environment.\n\n` +
        `We decided to let the deploy bot push tags with the token ${token} until the app is installed.\n`,
    );
    const up = await uploaded(h, p.writer, {
      ws: p.ws,
      project: p.project,
      file: { name: 'deploy-notes.md', content: readFileSync(file) },
    });
    const parsed = await stepOk(h, p.writer, up.id, 'parse');
    expect(parsed.status).toBe('parsed');
    expect(parsed.stats.redactions).toBeGreaterThanOrEqual(2);

    const res = await rawSearch(p.writer, p, 'staging database deploy bot');
    expect(res.statusCode, res.body).toBe(200);
    const snippets = (res.json().items as Array<{ snippet: string }>).map((i) => i.snippet).join('\n');
    expect(snippets).toContain('[redacted:');
    const stored = await h.database.db
      .select({ content: rawMessages.content })
      .from(rawMessages)
      .where(eq(rawMessages.projectId, await projectIdOf(h, up.id)));
    const all = stored.map((r) => r.content).join('\n');
    expect(all).toContain('DB_PASSWORD=[redacted:');
    expect(all).toContain('[redacted:github_token]');
    for (const secret of [password, token]) expect(all + snippets).not.toContain(secret);

    await stepOk(h, p.writer, up.id, 'extract');
    for (const s of await stagedOf(h, up.id))
      for (const secret of [password, token]) expect(s.content).not.toContain(secret);
  });
});
