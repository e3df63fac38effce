import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedSecretsEnv, revealFirstKey, startServer } from '../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/**
 * The data directory of a real server process is its user's alone: after the first start and
 * after a restart, every directory is 0700 and every file 0600 (PGlite's files, the secrets, the
 * lock, uploads), and an install whose files other users could read is repaired at start.
 * On PostgreSQL the upload directory is checked (the data dir holds nothing else there).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let dataDir: string;
let database: TestDatabase | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-private-'));
  chmodSync(dataDir, 0o755);
  env = { SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'info' };
  if (onPostgres) {
    database = await createTestDatabase();
    env = { ...env, DATABASE_URL: database.url ?? '', ...generatedSecretsEnv() };
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const checkedDir = () => (onPostgres ? join(dataDir, 'imports') : dataDir);

/** Every entry under `dir` (itself included) whose permission bits are not the private ones. */
function notPrivate(dir: string): string[] {
  const wrong: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) wrong.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (mode !== 0o600) {
      wrong.push(`${path} ${mode.toString(8)}`);
    }
  };
  walk(dir);
  return wrong;
}

/** Loosens every mode under `dir`, as an install made before this rule (or umask 000) left it. */
function loosen(dir: string): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isDirectory()) {
      chmodSync(path, 0o777);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (stat.isFile()) {
      chmodSync(path, 0o666);
    }
  };
  walk(dir);
}

async function upload(baseUrl: string, key: string, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  await fetch(`${baseUrl}/v1/workspaces`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ workspace_key: 'private' }),
  });
  await fetch(`${baseUrl}/v1/workspaces/private/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ key: 'codehost:acme/private' }),
  });
  const form = new FormData();
  form.set('workspace_key', 'private');
  form.set('project_key', 'codehost:acme/private');
  form.set('source', 'text');
  form.set('file', new Blob(['We decided to keep uploads private.\n']), name);
  const res = await fetch(`${baseUrl}/v1/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

describe('data directory privacy', () => {
  it('keeps every file 0600 and every directory 0700, from the first start on, and repairs a loose install', async () => {
    // An old upload left world-readable by an earlier version.
    mkdirSync(join(dataDir, 'imports', 'files'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'imports', 'files', 'imp_old'), 'old transcript', { mode: 0o644 });
    chmodSync(join(dataDir, 'imports', 'files', 'imp_old'), 0o644);

    const repairedLine = 'data files made private to this user';
    const first = await startServer(env);
    const key = await revealFirstKey(first);
    expect(first.output()).toContain(repairedLine); // the old upload
    await upload(first.baseUrl, key, 'first.txt');
    expect(notPrivate(checkedDir())).toEqual([]);
    first.proc.kill('SIGTERM');
    await first.exited;
    expect(notPrivate(checkedDir())).toEqual([]);

    // An ordinary restart has nothing to repair, and says nothing about it.
    const plain = await startServer(env);
    expect(notPrivate(checkedDir())).toEqual([]);
    expect(plain.output()).not.toContain(repairedLine);
    plain.proc.kill('SIGTERM');
    await plain.exited;

    loosen(dataDir);
    expect(notPrivate(checkedDir()).length).toBeGreaterThan(0);
    const again = await startServer(env);
    expect(notPrivate(checkedDir())).toEqual([]);
    expect(again.output()).toContain(repairedLine);
    await upload(again.baseUrl, key, 'second.txt');
    expect(notPrivate(checkedDir())).toEqual([]);
    again.proc.kill('SIGTERM');
    await again.exited;
    expect(notPrivate(checkedDir())).toEqual([]);
  }, 180_000);
});
