import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import {
  created,
  freshProject,
  memoriesOf,
  type Memory,
  type Place,
} from '../memories/memory-test-fixtures.ts';
import { MEMORY_TYPES } from '../memories/table.ts';
import { team, type Team } from '../projects/project-test-fixtures.ts';
import { rawMessages, rawSessions } from '../raw/table.ts';
import { outsiderWithWorkspace } from '../workspaces/member-test-fixtures.ts';
import {
  getImport,
  patchStaged,
  postStep,
  projectIdOf,
  rawMessageCount,
  rawMessageIds,
  runPipeline,
  stagedOf,
  stepOk,
  uploaded,
  type ImportAnswer,
  type StagedMemory,
} from './import-test-fixtures.ts';

const h = useHarness();

let t: Team;
let outsider: TestUser;
let scratch: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider } = await outsiderWithWorkspace(h));
  scratch = mkdtempSync(join(tmpdir(), 'ctxhub-import-test-'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A new project of the team's workspace with the team's roles: raw sessions and memories start empty. */
const fresh = async (): Promise<Team> => freshProject(h, t);
const placeOf = (team: Team): Place => ({ ws: team.ws, project: team.project });

/** Raw sessions of a project, counted in SQL. */
async function rawSessionCount(projectId: string): Promise<number> {
  const [row] = await h.database.db
    .select({ n: count() })
    .from(rawSessions)
    .where(eq(rawSessions.projectId, projectId));
  return row!.n;
}

const rawSearch = (as: TestUser, team: Team, q: string) =>
  h.request('GET', '/v1/raw/search', {
    as,
    query: { workspace_key: team.ws, project_key: team.project, q, limit: '20' },
  });

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

  it('re-importing the same file updates its sessions in place: no duplicate raw messages, same ids', async () => {
    const p = await fresh();
    const options = { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' };
    const first = await runPipeline(h, p.writer, options, 'parse');
    const projectId = await projectIdOf(h, first.parsed.id);
    const count1 = await rawMessageCount(h, projectId);
    const ids1 = await rawMessageIds(h, projectId);
    const sessions1 = await rawSessionCount(projectId);
    expect(count1).toBe(21);

    const second = await runPipeline(h, p.writer, options, 'parse');
    expect(second.uploaded.id).not.toBe(first.uploaded.id);
    expect(second.uploaded.sha256).toBe(first.uploaded.sha256);
    expect(second.parsed.stats).toMatchObject({ sessions: 2, messages: 21 });
    expect(await rawMessageCount(h, projectId)).toBe(count1);
    expect(await rawMessageIds(h, projectId)).toEqual(ids1);
    expect(await rawSessionCount(projectId)).toBe(sessions1);
    const search = await rawSearch(p.writer, p, 'advisory lock');
    const hits = (search.json().items as Array<{ message_id: string }>).map((i) => i.message_id);
    expect(new Set(hits).size).toBe(hits.length);
  });
});

describe('extract', () => {
  it('stages typed memory candidates, selected, each pointing at its raw message', async () => {
    const p = await fresh();
    const { parsed, extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    expect(extracted!.stats).toMatchObject({
      ...parsed.stats,
      staged: 8,
      already_remembered: 0,
      repeated: 0,
    });
    expect(extracted!.stats.candidates).toBe(8);
    const staged = await stagedOf(h, extracted!.id, p.writer);
    expect(staged).toHaveLength(8);
    const rawIds = await rawMessageIds(h, await projectIdOf(h, extracted!.id));
    for (const s of staged) {
      expect(s).toMatchObject({ selected: true, memory_id: null, redactions: 0 });
      expect(s.id).toMatch(/^stg_/);
      expect(MEMORY_TYPES).toContain(s.type);
      expect(rawIds).toContain(s.raw_message_id);
      expect(s.content.length).toBeGreaterThan(0);
    }
    expect(new Set(staged.map((s) => s.type))).toEqual(new Set(['decision', 'constraint', 'problem']));
    expect(staged.find((s) => s.type === 'decision')?.content).toMatch(/advisory locks for the invoice job/);
    expect(await memoriesOf(h, placeOf(p))).toEqual([]);
  });

  it('pages the staged list', async () => {
    const p = await fresh();
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'extract',
    );
    const all = await stagedOf(h, extracted!.id);
    const seen: StagedMemory[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.request('GET', `/v1/imports/${extracted!.id}/staged`, {
        as: p.writer,
        query: { limit: '3', ...(cursor ? { cursor } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: StagedMemory[]; next_cursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('leaves out what the project already remembers, counting it as already_remembered', async () => {
    const probe = await fresh();
    const { extracted: first } = await runPipeline(
      h,
      probe.writer,
      { ws: probe.ws, project: probe.project, file: 'claude-code-session.jsonl' },
      'extract',
    );
    const candidates = await stagedOf(h, first!.id);
    expect(candidates.length).toBeGreaterThan(2);
    const known = candidates[1]!;

    const p = await fresh();
    await created(h, placeOf(p), p.writer, known.type, known.content);
    const { extracted } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' },
      'extract',
    );
    expect(extracted!.stats).toMatchObject({
      candidates: candidates.length,
      staged: candidates.length - 1,
      already_remembered: 1,
    });
    const staged = await stagedOf(h, extracted!.id);
    expect(staged.map((s) => s.content)).toEqual(candidates.filter((c) => c !== known).map((c) => c.content));
  });
});

/** A fresh project with an extracted import of notes.md (eight staged memories). */
async function extractedNotes() {
  const p = await fresh();
  const { extracted } = await runPipeline(
    h,
    p.writer,
    { ws: p.ws, project: p.project, file: 'notes.md' },
    'extract',
  );
  return { p, id: extracted!.id, staged: await stagedOf(h, extracted!.id) };
}

const memoryById = async (id: string): Promise<Memory> => {
  const res = await h.request('GET', `/v1/memories/${id}`, { as: h.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Memory;
};

describe('commit', () => {
  it('commits only the selected staged memories, as edited, as draft memories from the import', async () => {
    const { p, id, staged } = await extractedNotes();
    const [dropped, retyped, rewritten] = staged as [StagedMemory, StagedMemory, StagedMemory];
    const off = await patchStaged(h, p.writer, id, dropped.id, { selected: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...dropped, selected: false });
    const typed = await patchStaged(h, p.writer, id, retyped.id, { type: 'caveat' });
    expect(typed.json()).toMatchObject({ id: retyped.id, type: 'caveat', content: retyped.content });
    const text = 'Invoice job: PostgreSQL advisory lock, plus a unique index as the safety net.';
    const edited = await patchStaged(h, p.writer, id, rewritten.id, { content: text, type: 'decision' });
    expect(edited.json()).toMatchObject({
      id: rewritten.id,
      type: 'decision',
      content: text,
      selected: true,
    });

    const committed = await stepOk(h, p.writer, id, 'commit');
    expect(committed.status).toBe('committed');
    expect(committed.stats).toMatchObject({ committed: 7, memories_created: 7, linked_existing: 0 });

    const after = await stagedOf(h, id);
    expect(after.find((s) => s.id === dropped.id)?.memory_id).toBeNull();
    const memories = await memoriesOf(h, placeOf(p));
    expect(memories).toHaveLength(7);
    for (const s of after.filter((x) => x.id !== dropped.id)) {
      expect(s.memory_id).toMatch(/^mem_/);
      const memory = await memoryById(s.memory_id!);
      expect(memory).toMatchObject({
        workspace_key: p.ws,
        project_key: p.project,
        type: s.type,
        content: s.content,
        source: 'import',
        status: 'draft',
        evidence_ref: `raw_message:${s.raw_message_id}`,
        created_by: p.writer.id,
      });
      expect(memory.metadata).toMatchObject({ import_id: id });
    }
    expect(memories.find((m) => m.id === after.find((s) => s.id === retyped.id)!.memory_id)?.type).toBe(
      'caveat',
    );
    expect(memories.find((m) => m.content === text)?.type).toBe('decision');
    expect(memories.some((m) => m.content === dropped.content)).toBe(false);
  });

  it('committing again commits nothing new', async () => {
    const { p, id, staged } = await extractedNotes();
    const first = await stepOk(h, p.writer, id, 'commit');
    expect(first.stats).toMatchObject({ committed: staged.length, memories_created: staged.length });
    const memories = await memoriesOf(h, placeOf(p));
    const second = await stepOk(h, p.writer, id, 'commit');
    expect(second).toMatchObject({ status: 'committed' });
    expect(second.stats).toMatchObject({ committed: staged.length, memories_created: 0 });
    expect(await memoriesOf(h, placeOf(p))).toEqual(memories);
  });

  it('two concurrent commits create each memory exactly once', async () => {
    const { p, id, staged } = await extractedNotes();
    const answers = await Promise.all([
      postStep(h, p.writer, id, 'commit'),
      postStep(h, p.maintainer, id, 'commit'),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(
      [
        [200, 200],
        [200, 409],
      ],
      answers.map((a) => a.body).join('\n'),
    ).toContainEqual(statuses);
    for (const a of answers.filter((x) => x.statusCode === 409)) expectError(a, 409, 'conflict');
    const memories = await memoriesOf(h, placeOf(p));
    expect(memories).toHaveLength(staged.length);
    const linked = (await stagedOf(h, id)).map((s) => s.memory_id);
    expect(new Set(linked).size).toBe(staged.length);
    expect(new Set(memories.map((m) => m.id))).toEqual(new Set(linked));
    expect((await stepOk(h, p.writer, id, 'commit')).stats).toMatchObject({ memories_created: 0 });
  });

  it('commits exactly the staged_ids given, then the rest', async () => {
    const { p, id, staged } = await extractedNotes();
    const chosen = [staged[2]!.id, staged[5]!.id];
    const partial = await stepOk(h, p.writer, id, 'commit', { staged_ids: [...chosen, chosen[0]] });
    expect(partial.stats).toMatchObject({ committed: 2, memories_created: 2 });
    const after = await stagedOf(h, id);
    expect(after.filter((s) => s.memory_id).map((s) => s.id)).toEqual(chosen);
    expect(await memoriesOf(h, placeOf(p))).toHaveLength(2);

    const rest = await stepOk(h, p.writer, id, 'commit');
    expect(rest.stats).toMatchObject({ committed: staged.length, memories_created: staged.length - 2 });
    expect(await memoriesOf(h, placeOf(p))).toHaveLength(staged.length);
  });

  it('answers 400 to staged ids not of this import, and to malformed ones, committing nothing', async () => {
    const { p, id, staged } = await extractedNotes();
    const other = await extractedNotes();
    const foreign = other.staged[0]!.id;
    const madeUp = 'stg_00000000000000000000000000';
    const bodies: Array<[unknown, string, string?]> = [
      [{ staged_ids: [staged[0]!.id, foreign] }, 'body.staged_ids', foreign],
      [{ staged_ids: [madeUp] }, 'body.staged_ids', madeUp],
      [{ staged_ids: ['mem_0001'] }, 'body.staged_ids.0'],
      [{ staged_ids: [] }, 'body.staged_ids'],
      [{ staged_ids: 'stg_0001' }, 'body.staged_ids'],
    ];
    for (const [body, path, named] of bodies) {
      const error = expectInvalid(await postStep(h, p.writer, id, 'commit', body), path);
      if (named) expect(error.message).toContain(named);
    }
    expectInvalid(
      await postStep(h, p.writer, id, 'commit', { staged_ids: [staged[0]!.id], extra: 1 }),
      'body',
    );
    expect((await getImport(h, p.writer, id)).json()).toMatchObject({ status: 'extracted' });
    expect(await stagedOf(h, id)).toEqual(staged);
    expect(await memoriesOf(h, placeOf(p))).toEqual([]);
  });
});

describe('order of steps', () => {
  it('answers 409 to a step out of order and changes nothing', async () => {
    const p = await fresh();
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    const expectRefused = async (step: 'parse' | 'extract' | 'commit', status: ImportAnswer['status']) => {
      const before = (await getImport(h, p.writer, up.id)).json() as ImportAnswer;
      const error = expectError(await postStep(h, p.writer, up.id, step), 409, 'conflict');
      expect(error.message).toContain(`Import is ${status}`);
      expect((await getImport(h, p.writer, up.id)).json()).toEqual(before);
    };
    await expectRefused('extract', 'uploaded');
    await expectRefused('commit', 'uploaded');
    await stepOk(h, p.writer, up.id, 'parse');
    await expectRefused('parse', 'parsed');
    await expectRefused('commit', 'parsed');
    await stepOk(h, p.writer, up.id, 'extract');
    await expectRefused('parse', 'extracted');
    await expectRefused('extract', 'extracted');
    await stepOk(h, p.writer, up.id, 'commit');
    await expectRefused('parse', 'committed');
    await expectRefused('extract', 'committed');
  });

  it('refuses a body on parse and extract (400)', async () => {
    const p = await fresh();
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    expectInvalid(await postStep(h, p.writer, up.id, 'parse', { force: true }), 'body');
    expect((await getImport(h, p.writer, up.id)).json()).toMatchObject({ status: 'uploaded' });
  });
});

describe('PATCH /v1/imports/:id/staged/:stagedId', () => {
  it('answers 409 once the staged memory is committed', async () => {
    const { p, id, staged } = await extractedNotes();
    await stepOk(h, p.writer, id, 'commit', { staged_ids: [staged[0]!.id] });
    const committedOne = (await stagedOf(h, id))[0]!;
    for (const body of [{ selected: false }, { content: 'changed' }, { type: 'note' }]) {
      const error = expectError(await patchStaged(h, p.writer, id, staged[0]!.id, body), 409, 'conflict');
      expect(error.message).toContain('already committed');
    }
    expect((await stagedOf(h, id))[0]).toEqual(committedOne);
    const stillOpen = await patchStaged(h, p.writer, id, staged[1]!.id, { selected: false });
    expect(stillOpen.statusCode, stillOpen.body).toBe(200);
  });

  it('answers 409 to an edit that would duplicate another staged memory of the import', async () => {
    const { p, id, staged } = await extractedNotes();
    const [a, b] = staged as [StagedMemory, StagedMemory];
    const res = await patchStaged(h, p.writer, id, b.id, {
      type: a.type,
      content: `  ${a.content.toUpperCase()} `,
    });
    expectError(res, 409, 'conflict');
    expect(await stagedOf(h, id)).toEqual(staged);
  });

  it('answers 400 to bad bodies and 404 to a staged memory of another import, changing nothing', async () => {
    const { p, id, staged } = await extractedNotes();
    const other = await extractedNotes();
    const target = staged[0]!;
    const bad: Array<[unknown, string]> = [
      [{}, 'body.selected'],
      [{ selected: 'yes' }, 'body.selected'],
      [{ type: 'bogus' }, 'body.type'],
      [{ content: '' }, 'body.content'],
      [{ content: '   ' }, 'body.content'],
      [{ content: 'x'.repeat(100_000) }, 'body.content'],
      [{ content: 'nul \u0000 inside' }, 'body.content'],
      [{ memory_id: 'mem_1' }, 'body'],
    ];
    for (const [body, path] of bad) expectInvalid(await patchStaged(h, p.writer, id, target.id, body), path);
    expectError(
      await patchStaged(h, p.writer, id, other.staged[0]!.id, { selected: false }),
      404,
      'not_found',
    );
    expectInvalid(await patchStaged(h, p.writer, id, 'not-staged', { selected: false }), 'params.stagedId');
    expect(await stagedOf(h, id)).toEqual(staged);
    expect(await stagedOf(h, other.id)).toEqual(other.staged);
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

describe('GET /v1/imports', () => {
  interface ListPage {
    items: ImportAnswer[];
    next_cursor: string | null;
  }
  const list = (as: TestUser, query: Record<string, string>) =>
    h.request('GET', '/v1/imports', { as, query });

  async function allOf(as: TestUser, query: Record<string, string>, limit: number) {
    const items: ImportAnswer[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res = await list(as, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ListPage;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      items.push(...page.items);
      cursor = page.next_cursor;
      if (!cursor) return items;
    }
    throw new Error('paging did not end');
  }

  /** A workspace with two projects: the writer writes both; `mixed` writes the second and reads the first. */
  async function listScene() {
    const [writer, mixed, reader, bystander, admin] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    const ws = await h.workspace([
      [writer, 'member'],
      [mixed, 'member'],
      [reader, 'member'],
      [bystander, 'member'],
      [admin, 'admin'],
    ]);
    const one = await h.project(ws, [
      [writer, 'writer'],
      [mixed, 'reader'],
      [reader, 'reader'],
    ]);
    const two = await h.project(ws, [
      [writer, 'writer'],
      [mixed, 'writer'],
    ]);
    const ids: Array<[string, string]> = [];
    for (const project of [one, two, one, two, one]) {
      ids.push([(await uploaded(h, writer, { ws, project, file: 'codex-legacy.jsonl' })).id, project]);
    }
    return { ws, one, two, writer, mixed, reader, bystander, admin, ids: ids.reverse() };
  }

  it('lists the workspace imports newest first, paged, and filtered by project', async () => {
    const s = await listScene();
    const newestFirst = s.ids.map(([id]) => id);
    for (const limit of [1, 2, 5, 50]) {
      expect((await allOf(s.writer, { workspace_key: s.ws }, limit)).map((i) => i.id)).toEqual(newestFirst);
    }
    const page = (await list(s.writer, { workspace_key: s.ws, limit: '2' })).json() as ListPage;
    expect(page.items).toHaveLength(2);
    expect(page.next_cursor).toEqual(expect.any(String));
    expect(page.items[0]).toMatchObject({ workspace_key: s.ws, status: 'uploaded', source: 'agent_jsonl' });
    const onlyOne = await allOf(s.writer, { workspace_key: s.ws, project_key: s.one }, 2);
    expect(onlyOne.map((i) => i.id)).toEqual(s.ids.filter(([, p]) => p === s.one).map(([id]) => id));
    expect(onlyOne.every((i) => i.project_key === s.one)).toBe(true);
    expect((await allOf(s.admin, { workspace_key: s.ws }, 50)).map((i) => i.id)).toEqual(newestFirst);
  });

  it('hides the imports of projects where the caller is not a writer', async () => {
    const s = await listScene();
    const ofTwo = s.ids.filter(([, p]) => p === s.two).map(([id]) => id);
    expect((await allOf(s.mixed, { workspace_key: s.ws }, 50)).map((i) => i.id)).toEqual(ofTwo);
    expect(await allOf(s.mixed, { workspace_key: s.ws, project_key: s.one }, 50)).toEqual([]);
    expect(await allOf(s.reader, { workspace_key: s.ws }, 50)).toEqual([]);
    expect(await allOf(s.reader, { workspace_key: s.ws, project_key: s.one }, 50)).toEqual([]);
    expect(await allOf(s.bystander, { workspace_key: s.ws }, 50)).toEqual([]);
    expectError(await list(s.bystander, { workspace_key: s.ws, project_key: s.one }), 404, 'not_found');
    expectError(await list(outsider, { workspace_key: s.ws }), 404, 'not_found');
    await expectKeyRequired(h, { method: 'GET', url: '/v1/imports', query: { workspace_key: s.ws } });
  });

  it('answers 400 to bad list parameters', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{}, 'query.workspace_key'],
      [{ workspace_key: t.ws, limit: '0' }, 'query.limit'],
      [{ workspace_key: t.ws, limit: '201' }, 'query.limit'],
      [{ workspace_key: t.ws, limit: 'ten' }, 'query.limit'],
      [{ workspace_key: t.ws, project_key: 'not a key' }, 'query.project_key'],
      [{ workspace_key: t.ws, status: 'failed' }, 'query'],
    ];
    for (const [query, path] of bad) expectInvalid(await list(t.writer, query), path);
    const res = await list(t.writer, { workspace_key: t.ws, cursor: 'not-a-cursor!' });
    expectError(res, 400, 'validation_failed');
  });
});

describe('import routes security', () => {
  let id: string;
  let stagedId: string;
  let snapshot: { row: unknown; staged: StagedMemory[] };

  beforeAll(async () => {
    const { extracted } = await runPipeline(
      h,
      t.writer,
      { ws: t.ws, project: t.project, file: 'notes.md' },
      'extract',
    );
    id = extracted!.id;
    const staged = await stagedOf(h, id);
    stagedId = staged[0]!.id;
    snapshot = { row: (await getImport(h, t.writer, id)).json(), staged };
  });

  const calls = (): RouteCall[] => [
    { method: 'GET', url: `/v1/imports/${id}` },
    { method: 'GET', url: `/v1/imports/${id}/staged` },
    { method: 'PATCH', url: `/v1/imports/${id}/staged/${stagedId}`, body: { selected: false } },
    { method: 'POST', url: `/v1/imports/${id}/parse` },
    { method: 'POST', url: `/v1/imports/${id}/extract` },
    { method: 'POST', url: `/v1/imports/${id}/commit` },
  ];

  it('answers 401 without a valid key, 404 outside the project, 403 to a reader; nothing changes', async () => {
    for (const call of calls()) {
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, t.bystander, call);
      await expectHiddenFrom(h, outsider, call);
      await expectForbiddenFor(h, t.reader, call);
    }
    expect((await getImport(h, t.writer, id)).json()).toEqual(snapshot.row);
    expect(await stagedOf(h, id)).toEqual(snapshot.staged);
    expect(await memoriesOf(h, placeOf(t))).toEqual([]);
  });

  it('lets maintainers and workspace admins (not only the uploader) read the import', async () => {
    for (const as of [t.maintainer, t.admin]) {
      const res = await getImport(h, as, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(snapshot.row);
    }
  });

  it('answers 400 to malformed ids and 404 to unknown ones', async () => {
    const malformed = ['abc', 'imp_lower', 'imp_', `imp_${'A'.repeat(80)}`, 'mem_01ABC', "imp_1'--", '%00'];
    for (const bad of malformed) {
      for (const call of [
        { method: 'GET' as const, url: `/v1/imports/${encodeURIComponent(bad)}` },
        { method: 'GET' as const, url: `/v1/imports/${encodeURIComponent(bad)}/staged` },
        { method: 'POST' as const, url: `/v1/imports/${encodeURIComponent(bad)}/parse` },
        { method: 'POST' as const, url: `/v1/imports/${encodeURIComponent(bad)}/commit` },
        {
          method: 'PATCH' as const,
          url: `/v1/imports/${encodeURIComponent(bad)}/staged/${stagedId}`,
          body: { selected: false },
        },
      ]) {
        const res = await h.request(call.method, call.url, { as: t.writer, body: call.body });
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    }
    const unknown = 'imp_00000000000000000000000000';
    expectError(await getImport(h, t.writer, unknown), 404, 'not_found');
    expectError(await postStep(h, t.writer, unknown, 'parse'), 404, 'not_found');
    expectError(await patchStaged(h, t.writer, unknown, stagedId, { selected: true }), 404, 'not_found');
    expectError(
      await patchStaged(h, t.writer, id, 'stg_00000000000000000000000000', { selected: true }),
      404,
      'not_found',
    );
    expect(await stagedOf(h, id)).toEqual(snapshot.staged);
  });
});
