/** Uploads, pipeline steps and reads shared by the import route tests. Every call takes the file's harness. */

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.ts';
import { auditLogPages, type AuditEntry } from '../audit/audit-scenario.fixtures.ts';
import { freshProject, type Memory, type Place } from '../memories/memories.fixtures.ts';
import type { Team } from '../projects/projects.fixtures.ts';
import { rawMessages, rawSessions } from '../raw/table.ts';
import { imports } from './table.ts';

/** An import as the import routes answer it. */
export interface ImportAnswer {
  id: string;
  workspace_key: string;
  project_key: string;
  status: 'uploaded' | 'parsed' | 'extracted' | 'committed' | 'failed';
  source: string;
  file_name: string;
  bytes: number;
  sha256: string;
  stats: Record<string, number>;
  error: string | null;
  running_step: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A staged memory as GET /v1/imports/:id/staged answers it. */
export interface StagedMemory {
  id: string;
  type: string;
  content: string;
  selected: boolean;
  raw_message_id: string | null;
  occurred_at: string;
  memory_id: string | null;
  redactions: number;
  producer: 'rules' | 'model' | 'both';
  flags: string[];
  flag_notes: Record<string, string>;
  metadata: Record<string, unknown>;
}

export type Step = 'parse' | 'extract' | 'commit';

const FIXTURE_DIR = fileURLToPath(new URL('./fixtures', import.meta.url));

/** The path of a file in fixtures/. */
const fixturePath = (name: string) => join(FIXTURE_DIR, name);

/** The bytes of a file in fixtures/. */
export const fixture = (name: string) => readFileSync(fixturePath(name));

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** One part of a multipart body: a text field, or a file. */
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

/** A multipart/form-data body with its content-type header, parts in the given order. */
export function multipartBody(parts: Part[]): { body: Buffer; headers: { 'content-type': string } } {
  const boundary = `----ctxhubtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`),
        Buffer.from(part.value),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Who sends a request: a user, any headers (e.g. a made-up key), or nobody (no key at all). */
export type Sender = { headers: Record<string, string> } | null;

/** Posts raw multipart parts to POST /v1/imports as `as`. */
export function postParts(h: Harness, as: Sender, parts: Part[]): Promise<LightMyRequestResponse> {
  const mp = multipartBody(parts);
  return h.app.inject({
    method: 'POST',
    url: '/v1/imports',
    headers: { ...(as ? as.headers : {}), ...mp.headers },
    payload: mp.body,
  });
}

export interface UploadOptions {
  ws: string;
  project: string;
  /** Default: agent_jsonl for .jsonl, agent_json_export for .json, else text. */
  source?: string;
  /** A fixture name, or a file given by name and bytes. */
  file: string | { name: string; content: Buffer };
  /** Send the text fields after the file instead of before it. */
  fieldsLast?: boolean;
}

const sourceFor = (fileName: string) =>
  fileName.endsWith('.jsonl') ? 'agent_jsonl' : fileName.endsWith('.json') ? 'agent_json_export' : 'text';

const fileOf = (file: UploadOptions['file']) =>
  typeof file === 'string' ? { name: file, content: fixture(file) } : file;

/** `as` uploads a file to the project: the raw answer. */
export function upload(h: Harness, as: Sender, options: UploadOptions): Promise<LightMyRequestResponse> {
  const file = fileOf(options.file);
  const fields: Part[] = [
    { name: 'workspace_key', value: options.ws },
    { name: 'project_key', value: options.project },
    { name: 'source', value: options.source ?? sourceFor(file.name) },
  ];
  const filePart: Part = { name: 'file', filename: file.name, content: file.content };
  return postParts(h, as, options.fieldsLast ? [filePart, ...fields] : [...fields, filePart]);
}

/** `as` uploads a file: expects 201 and answers the import. */
export async function uploaded(h: Harness, as: TestUser, options: UploadOptions): Promise<ImportAnswer> {
  const res = await upload(h, as, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportAnswer;
}

/** POST /v1/imports/:id/<step> as `as` (body only where given). */
export const postStep = (h: Harness, as: TestUser, id: string, step: Step, body?: unknown) =>
  h.request('POST', `/v1/imports/${id}/${step}`, { as, ...(body === undefined ? {} : { body }) });

/** A step that must succeed (200): the import it answers. */
export async function stepOk(h: Harness, as: TestUser, id: string, step: Step, body?: unknown) {
  const res = await postStep(h, as, id, step, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportAnswer;
}

/** Upload, then each step up to `until`: the import after each step that ran. */
export async function runPipeline(
  h: Harness,
  as: TestUser,
  options: UploadOptions,
  until: Step = 'commit',
): Promise<{
  uploaded: ImportAnswer;
  parsed: ImportAnswer;
  extracted?: ImportAnswer;
  committed?: ImportAnswer;
}> {
  const up = await uploaded(h, as, options);
  const parsed = await stepOk(h, as, up.id, 'parse');
  expect(parsed.status, parsed.error ?? '').toBe('parsed');
  if (until === 'parse') return { uploaded: up, parsed };
  const extracted = await stepOk(h, as, up.id, 'extract');
  expect(extracted.status).toBe('extracted');
  if (until === 'extract') return { uploaded: up, parsed, extracted };
  const committed = await stepOk(h, as, up.id, 'commit');
  expect(committed.status).toBe('committed');
  return { uploaded: up, parsed, extracted, committed };
}

/** GET /v1/imports/:id as `as`. */
export const getImport = (h: Harness, as: TestUser, id: string) =>
  h.request('GET', `/v1/imports/${id}`, { as });

/** Every staged memory of an import, in the list's order (read as the server admin unless told). */
export async function stagedOf(h: Harness, id: string, as: TestUser = h.admin): Promise<StagedMemory[]> {
  const items: StagedMemory[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await h.request('GET', `/v1/imports/${id}/staged`, {
      as,
      query: { limit: '200', ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: StagedMemory[]; next_cursor: string | null };
    items.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('paging did not end');
}

/** PATCH /v1/imports/:id/staged/:stagedId as `as`. */
export const patchStaged = (h: Harness, as: TestUser, id: string, stagedId: string, body: unknown) =>
  h.request('PATCH', `/v1/imports/${id}/staged/${stagedId}`, { as, body });

/** Rows of the imports table (of one project when given), counted in SQL. */
async function importRowCount(h: Harness): Promise<number> {
  const [row] = await h.database.db.select({ n: count() }).from(imports);
  return row!.n;
}

/** Raw messages stored for a project (by project id) or in all projects, counted in SQL. */
export async function rawMessageCount(h: Harness, projectId?: string): Promise<number> {
  const [row] = await h.database.db
    .select({ n: count() })
    .from(rawMessages)
    .where(projectId ? eq(rawMessages.projectId, projectId) : undefined);
  return row!.n;
}

/** The ids of a project's raw messages, sorted. */
export async function rawMessageIds(h: Harness, projectId: string): Promise<string[]> {
  const rows = await h.database.db
    .select({ id: rawMessages.id })
    .from(rawMessages)
    .where(eq(rawMessages.projectId, projectId));
  return rows.map((r) => r.id).sort();
}

/** The project id an import belongs to (read in SQL). */
export async function projectIdOf(h: Harness, importId: string): Promise<string> {
  const [row] = await h.database.db
    .select({ projectId: imports.projectId })
    .from(imports)
    .where(eq(imports.id, importId));
  return row!.projectId;
}

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

/** What is on disk under the import directory: kept uploads and half-written temporary files. */
export const importDirState = (h: Harness) => ({
  files: filesIn(join(h.config.importDir, 'files')),
  tmp: filesIn(join(h.config.importDir, 'tmp')),
});

/** Everything an upload could change: import rows, files on disk and import.* audit entries. */
export const uploadState = async (h: Harness, ws: string) => ({
  rows: await importRowCount(h),
  disk: importDirState(h),
  log: await importLog(h, ws),
});

/** The import.* entries of a workspace's audit log, newest first. */
export const importLog = (h: Harness, ws: string): Promise<AuditEntry[]> =>
  auditLogPages(h, h.admin, { workspace_key: ws, action_prefix: 'import.' });

/** The place of a team's project, as the memory fixtures take it. */
export const placeOf = (team: Team): Place => ({ ws: team.ws, project: team.project });

/**
 * The helpers the pipeline test files share, bound to the file's harness and to its team (read when a
 * helper runs, so the file sets the team in its own beforeAll).
 */
export function pipelineHelpers(h: Harness, currentTeam: () => Team) {
  /** A new project of the team's workspace with the team's roles: raw sessions and memories start empty. */
  const fresh = async (): Promise<Team> => freshProject(h, currentTeam());

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

  return { fresh, rawSessionCount, rawSearch, extractedNotes, memoryById };
}
