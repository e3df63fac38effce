import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAgentJsonl } from '../../../bench/generate-transcript.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { memoriesOf } from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { rawSessions } from '../raw/table.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { deadOwner, markRunning, whileRunningHere } from './claims.fixtures.ts';
import {
  getImport,
  importLog,
  pipelineHelpers,
  postStep,
  projectIdOf,
  rawMessageCount,
  runPipeline,
  stagedOf,
  stepOk,
  uploaded,
} from './imports.fixtures.ts';
import { stagedMemories } from './table.ts';

const h = useHarness();

let t: Team;
let outsider: TestUser;

beforeAll(async () => {
  t = await team(h);
  ({ outsider } = await outsiderWithWorkspace(h));
});

const { fresh, rawSessionCount } = pipelineHelpers(h, () => t);

const deleteImport = (as: TestUser, id: string) => h.request('DELETE', `/v1/imports/${id}`, { as });
const uploadFile = (id: string) => join(h.config.importDir, 'files', id);

/** What an import owns, counted in SQL: raw sessions it last wrote, and its staged memories. */
async function ownedBy(id: string) {
  const [sessions] = await h.database.db
    .select({ n: count() })
    .from(rawSessions)
    .where(eq(rawSessions.importId, id));
  const [staged] = await h.database.db
    .select({ n: count() })
    .from(stagedMemories)
    .where(eq(stagedMemories.importId, id));
  return { sessions: sessions!.n, staged: staged!.n };
}

describe('DELETE /v1/imports/:id', () => {
  it('removes raw sessions and messages, staged memories and the import; committed memories stay; audited', async () => {
    const p = await fresh();
    const { committed, parsed } = await runPipeline(h, p.writer, {
      ws: p.ws,
      project: p.project,
      file: 'claude-code-session.jsonl',
    });
    const id = committed!.id;
    const projectId = await projectIdOf(h, id);
    const staged = (await stagedOf(h, id)).length;
    const memories = await memoriesOf(h, p);
    expect(staged).toBeGreaterThan(0);
    expect(memories.length).toBeGreaterThan(0);

    const res = await deleteImport(p.writer, id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expectError(await getImport(h, p.writer, id), 404, 'not_found');
    expect(await ownedBy(id)).toEqual({ sessions: 0, staged: 0 });
    expect(await rawMessageCount(h, projectId)).toBe(0);
    expect(await rawSessionCount(projectId)).toBe(0);
    expect(await memoriesOf(h, p)).toEqual(memories);
    const [entry] = (await importLog(h, p.ws)).filter((e) => e.action === 'import.deleted');
    expect(entry).toMatchObject({
      actor: { user_id: p.writer.id, system: null },
      target: {
        type: 'import',
        id,
        params: {
          workspace_key: p.ws,
          project_key: p.project,
          import_id: id,
          file_name: 'claude-code-session.jsonl',
          raw_sessions: parsed.stats.sessions,
          raw_messages: parsed.stats.messages,
          staged_memories: staged,
        },
      },
    });
    expectError(await deleteImport(p.writer, id), 404, 'not_found');
  });

  it('removes the upload of an import not parsed yet', async () => {
    const p = await fresh();
    const up = await uploaded(h, p.writer, { ws: p.ws, project: p.project, file: 'notes.md' });
    expect(existsSync(uploadFile(up.id))).toBe(true);
    expect((await deleteImport(p.writer, up.id)).statusCode).toBe(204);
    expect(existsSync(uploadFile(up.id))).toBe(false);
  });

  it('keeps the sessions a later import of the same transcript took over', async () => {
    const p = await fresh();
    const options = { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' };
    const first = await runPipeline(h, p.writer, options, 'parse');
    const second = await runPipeline(h, p.writer, options, 'parse');
    const projectId = await projectIdOf(h, first.parsed.id);
    const messages = await rawMessageCount(h, projectId);

    expect((await deleteImport(p.writer, first.parsed.id)).statusCode).toBe(204);
    expect(await rawMessageCount(h, projectId)).toBe(messages);
    expect(await ownedBy(second.parsed.id)).toMatchObject({ sessions: second.parsed.stats.sessions });
    const [entry] = (await importLog(h, p.ws)).filter((e) => e.action === 'import.deleted');
    expect(entry!.target.params).toMatchObject({ raw_sessions: 0, raw_messages: 0 });

    expect((await deleteImport(p.writer, second.parsed.id)).statusCode).toBe(204);
    expect(await rawMessageCount(h, projectId)).toBe(0);
  });

  it('removes an import of more raw messages than one batch', async () => {
    const p = await fresh();
    const dir = mkdtempSync(join(tmpdir(), 'ctxhub-delete-'));
    try {
      const path = join(dir, 'big.jsonl');
      const generated = await generateAgentJsonl(path, 1_600_000, { seed: 7 });
      expect(generated.messages).toBeGreaterThan(2_000);
      const up = await uploaded(h, p.writer, {
        ws: p.ws,
        project: p.project,
        file: { name: 'big.jsonl', content: readFileSync(path) },
      });
      const parsed = await stepOk(h, p.writer, up.id, 'parse');
      const projectId = await projectIdOf(h, up.id);
      expect(await rawMessageCount(h, projectId)).toBe(parsed.stats.messages);
      expect((await deleteImport(p.writer, up.id)).statusCode).toBe(204);
      expect(await rawMessageCount(h, projectId)).toBe(0);
      expect(await rawSessionCount(projectId)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 409 while a step runs, changing nothing; a deletion that stopped half-way is finished by another', async () => {
    const p = await fresh();
    const { parsed } = await runPipeline(
      h,
      p.writer,
      { ws: p.ws, project: p.project, file: 'notes.md' },
      'parse',
    );
    const before = (await getImport(h, p.writer, parsed.id)).json();
    await whileRunningHere(h, parsed.id, 'extract', async () => {
      const error = expectError(await deleteImport(p.writer, parsed.id), 409, 'conflict');
      expect(error.message).toBe('The extract step of this import is already running');
    });
    expect((await getImport(h, p.writer, parsed.id)).json()).toMatchObject({
      ...before,
      running_step: 'extract',
    });

    // A deletion whose process died: the import is marked failed so no step starts on what is left.
    await markRunning(h, parsed.id, 'delete', deadOwner());
    await h.database.raw(`update imports set status = 'failed' where id = '${parsed.id}'`);
    expectError(await postStep(h, p.writer, parsed.id, 'extract'), 409, 'conflict');
    expect((await deleteImport(p.writer, parsed.id)).statusCode).toBe(204);
    expect(await ownedBy(parsed.id)).toEqual({ sessions: 0, staged: 0 });
  });

  describe('access', () => {
    let id: string;
    let snapshot: unknown;

    beforeAll(async () => {
      const { extracted } = await runPipeline(
        h,
        t.writer,
        { ws: t.ws, project: t.project, file: 'notes.md' },
        'extract',
      );
      id = extracted!.id;
      snapshot = { row: (await getImport(h, t.writer, id)).json(), owned: await ownedBy(id) };
    });

    it('answers 401 without a valid key, 404 outside the project, 403 to a reader; nothing changes', async () => {
      const call: RouteCall = { method: 'DELETE', url: `/v1/imports/${id}` };
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, t.bystander, call);
      await expectHiddenFrom(h, outsider, call);
      await expectForbiddenFor(h, t.reader, call);
      expect({ row: (await getImport(h, t.writer, id)).json(), owned: await ownedBy(id) }).toEqual(snapshot);
    });

    it('answers 400 to malformed ids and 404 to unknown ones', async () => {
      for (const bad of [
        'abc',
        'imp_lower',
        'imp_',
        `imp_${'A'.repeat(80)}`,
        'stg_01ABC',
        "imp_1'--",
        '%00',
      ]) {
        const res = await h.request('DELETE', `/v1/imports/${encodeURIComponent(bad)}`, { as: t.writer });
        expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
      expectError(await deleteImport(t.writer, 'imp_00000000000000000000000000'), 404, 'not_found');
      expect((await getImport(h, t.writer, id)).statusCode).toBe(200);
    });

    it('lets maintainers and workspace admins, not only the uploader, delete it', async () => {
      expect((await deleteImport(t.maintainer, id)).statusCode).toBe(204);
      const other = await uploaded(h, t.writer, { ws: t.ws, project: t.project, file: 'notes.md' });
      expect((await deleteImport(t.admin, other.id)).statusCode).toBe(204);
    });
  });
});
