import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAgentJsonl, type GeneratedTranscript } from '../../../bench/generate-transcript.ts';
import { openPglite } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import {
  generatedSecretsEnv,
  revealFirstKey,
  startServer,
  type ServerProcess,
} from '../../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { ImportAnswer } from './imports.fixtures.ts';
import { type Database } from '../../platform/db/database.ts';

/**
 * A real server process killed (SIGKILL) in the middle of parse, then of extract, of a generated
 * transcript large enough to be caught mid-step; restarted on the same data (PGlite data dir, or
 * the same PostgreSQL database when DATABASE_URL is set), the interrupted step is retried at once
 * and the import ends exactly like the same file imported without interruption.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const TRANSCRIPT_BYTES = 8 * 1024 * 1024;
const WS = 'crash';

let dataDir: string;
let scratch: string;
let database: TestDatabase | undefined;
let env: Record<string, string>;
let transcript: { path: string; generated: GeneratedTranscript };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-crash-'));
  scratch = mkdtempSync(join(tmpdir(), 'ctxhub-crash-files-'));
  env = { SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'info' };
  if (onPostgres) {
    database = await createTestDatabase();
    env = { ...env, DATABASE_URL: database.url!, ...generatedSecretsEnv() };
  }
  const path = join(scratch, 'team.jsonl');
  transcript = { path, generated: await generateAgentJsonl(path, TRANSCRIPT_BYTES, { seed: 15 }) };
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** A running server and calls to it with the administrator's key. */
function client(server: ServerProcess, key: string) {
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as T };
  };
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await call<T>(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
    return res.json;
  };
  return {
    call,
    ok,
    importOf: (id: string) => ok<ImportAnswer>('GET', `/v1/imports/${id}`),
    upload: async (project: string) => {
      const form = new FormData();
      form.append('workspace_key', WS);
      form.append('project_key', project);
      form.append('source', 'agent_jsonl');
      form.append('file', new Blob([readFileSync(transcript.path)]), 'team.jsonl');
      const res = await fetch(`${server.baseUrl}/v1/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      expect(res.status).toBe(201);
      return (await res.json()) as ImportAnswer;
    },
    /** Starts a step without waiting for its answer (the server may be killed before it answers). */
    start: (id: string, step: string) => call('POST', `/v1/imports/${id}/${step}`).catch(() => null),
  };
}

/** Polls `probe` until it holds (bounded); answers whether it did. */
async function until(probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills the server outright, as kill -9 does, once `ready` holds. */
async function killWhen(server: ServerProcess, ready: () => Promise<boolean>): Promise<void> {
  expect(await until(ready)).toBe(true);
  server.proc.kill('SIGKILL');
  await server.exited;
}

/** How many staged memories an import has in the database (read beside a running server). */
async function stagedOf(db: Database, importId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db.db,
    sql`select count(*)::int as n from staged_memories where import_id = ${importId}`,
  );
  return row?.n ?? 0;
}

/** What an import left in the database, counted in SQL once the server has stopped. */
async function countsOf(db: Database, importId: string, projectKey: string) {
  const [row] = await queryRows<Record<string, number>>(
    db.db,
    sql`select
      (select count(*)::int from raw_messages m join raw_sessions s on s.id = m.session_id
        where s.import_id = ${importId}) as raw_messages,
      (select count(*)::int from raw_sessions where import_id = ${importId}) as raw_sessions,
      (select count(*)::int from staged_memories where import_id = ${importId}) as staged,
      (select count(*)::int from staged_memories where import_id = ${importId} and memory_id is not null)
        as staged_committed,
      (select count(*)::int from memories m join projects p on p.id = m.project_id
        where p.key = ${projectKey}) as memories,
      (select count(*)::int from (select 1 from memories m join projects p on p.id = m.project_id
        where p.key = ${projectKey} group by m.type, m.content_hash having count(*) > 1) d) as duplicate_memories`,
  );
  return row!;
}

describe('an import whose server is killed', () => {
  it('is retried at once after a restart, during parse and during extract, and ends as if never interrupted', async () => {
    let server = await startServer(env, 10 * 60_000);
    const key = await revealFirstKey(server);
    let api = client(server, key);
    await api.ok('POST', '/v1/workspaces', { workspace_key: WS });
    for (const project of ['codehost:acme/crashed', 'codehost:acme/clean']) {
      await api.ok('POST', `/v1/workspaces/${WS}/projects`, { key: project });
    }
    const up = await api.upload('codehost:acme/crashed');
    const uploadFile = join(dataDir, 'imports', 'files', up.id);
    const restart = async () => {
      server = await startServer(env, 10 * 60_000);
      api = client(server, key);
    };

    // Parse, killed once raw messages are being written.
    const rawHits = async () => {
      const search = new URLSearchParams({
        workspace_key: WS,
        project_key: 'codehost:acme/crashed',
        q: 'invoice',
      });
      const res = await api.call<{ items: unknown[] }>('GET', `/v1/raw/search?${search}`);
      return res.status === 200 && res.json.items.length > 0;
    };
    const parse = api.start(up.id, 'parse');
    await killWhen(server, rawHits);
    await parse;
    await restart();
    // Killed half-way: messages were written, the import is still `uploaded`, its upload kept.
    expect(await api.importOf(up.id)).toMatchObject({ status: 'uploaded' });
    expect(await rawHits()).toBe(true);
    expect(existsSync(uploadFile)).toBe(true);
    // The start-up sweep clears the dead claim, so the import no longer shows a step running.
    expect(await until(async () => (await api.importOf(up.id)).running_step === null, 10_000)).toBe(true);
    const parsed = await api.ok<ImportAnswer>('POST', `/v1/imports/${up.id}/parse`);
    expect(parsed).toMatchObject({ status: 'parsed', stats: { messages: transcript.generated.messages } });
    expect(existsSync(uploadFile)).toBe(false);

    // The same file, never interrupted, in another project of the same server; its extract is timed.
    const clean = await api.upload('codehost:acme/clean');
    await api.ok('POST', `/v1/imports/${clean.id}/parse`);
    const started = Date.now();
    await api.ok('POST', `/v1/imports/${clean.id}/extract`);
    const extractMs = Date.now() - started;
    await api.ok('POST', `/v1/imports/${clean.id}/commit`);

    // Extract, killed part-way through its run. On PostgreSQL the kill waits for the first staged
    // memories in the database. Extract may hold the event loop of a PGlite server until it ends
    // (no request is answered meanwhile) and its database is the server's alone, so there the
    // kill is timed: at a quarter of the clean extract's time, since a process's second extract
    // runs faster than its first (at half of it, the kill once came after the end).
    const extract = api.start(up.id, 'extract');
    if (database) {
      const db = database;
      await killWhen(server, async () => (await stagedOf(db, up.id)) > 0);
    } else {
      await new Promise((r) => setTimeout(r, extractMs / 4));
      server.proc.kill('SIGKILL');
      await server.exited;
    }
    await extract;
    await restart();
    // Killed half-way: staged memories were written, the import is still `parsed`.
    expect(await api.importOf(up.id)).toMatchObject({ status: 'parsed' });
    const stagedBefore = await api.ok<{ items: unknown[] }>('GET', `/v1/imports/${up.id}/staged?limit=1`);
    expect(stagedBefore.items).toHaveLength(1);
    expect(await api.ok<ImportAnswer>('POST', `/v1/imports/${up.id}/extract`)).toMatchObject({
      status: 'extracted',
    });
    expect(await api.ok<ImportAnswer>('POST', `/v1/imports/${up.id}/commit`)).toMatchObject({
      status: 'committed',
    });

    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = database ?? (await openPglite(join(dataDir, 'pglite')));
    try {
      const crashed = await countsOf(db, up.id, 'codehost:acme/crashed');
      const baseline = await countsOf(db, clean.id, 'codehost:acme/clean');
      expect(crashed).toEqual(baseline);
      expect(crashed).toMatchObject({
        raw_messages: transcript.generated.messages,
        raw_sessions: transcript.generated.sessions,
        duplicate_memories: 0,
      });
      expect(crashed.staged).toBeGreaterThan(0);
      expect(crashed.staged_committed).toBe(crashed.staged);
      expect(crashed.memories).toBeGreaterThan(0);
    } finally {
      if (!database) await db.close();
    }
  }, 600_000);
});
