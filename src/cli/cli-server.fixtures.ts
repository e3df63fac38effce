import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import {
  generatedSecretsEnv,
  revealFirstKey,
  startServer,
  type ServerProcess,
} from '../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/**
 * What the tests of the client commands (`ctxhub import`, `ctxhub mcp`, `ctxhub context`) share: a real server
 * process (PGlite, or PostgreSQL when DATABASE_URL is set), its administrator's key, a member user
 * with a key of their own, workspaces and projects made over HTTP, and temporary git repositories.
 */

/** A lower-case suffix that makes repository names and keys unique per run. */
export const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

export interface CliTestServer {
  baseUrl: string;
  /** The server administrator's key (from the one-time link of the first start). */
  adminKey: string;
  /** A user who is only a member where `workspace` adds them: the key the commands run with. */
  dev: { id: string; key: string };
  /** Creates another user (no memberships) with a key of their own. */
  user(): Promise<{ id: string; key: string }>;
  /** Scratch directory for repositories and other folders; removed by stop(). */
  scratch: string;
  /** A JSON call with the administrator's key (or `key`). */
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; json: T }>;
  /** Creates a workspace with these settings and adds the dev user (or `member`) as a plain member. */
  workspace(key: string, settings?: Record<string, unknown>, member?: { id: string }): Promise<void>;
  /** Creates a project and makes the dev user its writer. */
  project(workspaceKey: string, projectKey: string): Promise<void>;
  /** PATCHes workspace settings. */
  settings(workspaceKey: string, settings: Record<string, unknown>): Promise<void>;
  /** Creates a memory (as the administrator); answers its id. */
  memory(workspaceKey: string, projectKey: string, type: string, content: string): Promise<string>;
  stop(): Promise<void>;
}

const oneTimePath = (url: string) => new URL(url).pathname;

/** Starts the server (with `serverEnv` added to its environment) and sets up the administrator's and the dev user's keys. */
export async function startCliTestServer(
  prefix: string,
  hostEnv: NodeJS.ProcessEnv,
  serverEnv: Record<string, string> = {},
): Promise<CliTestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}data-`));
  const scratch = mkdtempSync(join(tmpdir(), `${prefix}files-`));
  let database: TestDatabase | undefined;
  let env: Record<string, string> = { SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'info', ...serverEnv };
  if (hostEnv.DATABASE_URL) {
    database = await createTestDatabase();
    env = { ...env, DATABASE_URL: database.url!, ...generatedSecretsEnv() };
  }
  let server: ServerProcess | undefined;
  const stop = async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    // A whole test file's lifetime: several adapter processes start against it.
    server = await startServer(env, 15 * 60_000);
    const running = server;
    const reveal = async (url: string) => {
      const res = await fetch(`${running.baseUrl}${oneTimePath(url)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { api_key: string }).api_key;
    };
    const adminKey = await revealFirstKey(running);
    const api: CliTestServer['api'] = async (method, path, body, key = adminKey) => {
      const res = await fetch(`${running.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as never };
    };
    const ok = async (expected: number, call: Promise<{ status: number; json: Record<string, unknown> }>) => {
      const { status, json } = await call;
      expect(status, JSON.stringify(json)).toBe(expected);
      return json;
    };

    const newUser = async () => {
      const user = await ok(201, api('POST', '/v1/users', { email: `${unique('dev')}@example.test` }));
      const reset = await ok(200, api('POST', `/v1/users/${String(user.id)}/api-keys/reset`));
      return { id: String(user.id), key: await reveal(String(reset.one_time_url)) };
    };
    const dev = await newUser();

    return {
      baseUrl: running.baseUrl,
      adminKey,
      dev,
      user: newUser,
      scratch,
      api,
      stop,
      async workspace(key, settings = {}, member = dev) {
        await ok(201, api('POST', '/v1/workspaces', { workspace_key: key, ...settings }));
        await ok(201, api('POST', `/v1/workspaces/${key}/members`, { user_id: member.id, role: 'member' }));
      },
      async project(workspaceKey, projectKey) {
        await ok(201, api('POST', `/v1/workspaces/${workspaceKey}/projects`, { key: projectKey }));
        const members = `/v1/projects/${encodeURIComponent(projectKey)}/members?workspace_key=${workspaceKey}`;
        await ok(201, api('POST', members, { user_id: dev.id, role: 'writer' }));
      },
      async settings(workspaceKey, settings) {
        await ok(200, api('PATCH', `/v1/workspaces/${workspaceKey}`, settings));
      },
      async memory(workspaceKey, projectKey, type, content) {
        const body = {
          workspace_key: workspaceKey,
          project_key: projectKey,
          type,
          content,
          status: 'confirmed',
        };
        return String((await ok(201, api('POST', '/v1/memories', body))).id);
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export interface TempRepo {
  /** The repository root (its folder name is the repository name). */
  root: string;
  /** `codehost:acme/<name>`, the key its origin remote derives (`local:repo/<name>` without one). */
  projectKey: string;
  /** An absolute path inside the repository. */
  at(path: string): string;
}

/**
 * A committed git repository `<parent>/<name>` with origin `git@github.com:acme/<name>.git` and a
 * file in each of `dirs`; with `origin: false`, a folder where `git init` ran and nothing else (no
 * remote, no commit), whose key is `local:repo/<name>`. Git runs with its own environment (no
 * GIT_DIR of a calling hook, no user configuration), so it can only ever touch the new folder.
 */
export function createGitRepo(
  parent: string,
  name: string,
  dirs: string[],
  path: string,
  { origin = true }: { origin?: boolean } = {},
): TempRepo {
  const root = join(parent, name);
  mkdirSync(root, { recursive: true });
  for (const dir of ['', ...dirs]) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'README.md'), `# ${dir || name}\n`);
  }
  const git = gitIn(root, path);
  git('init', '--quiet');
  const at = (p: string) => join(root, p);
  if (!origin) return { root, projectKey: `local:repo/${name.toLowerCase()}`, at };
  git('remote', 'add', 'origin', `git@github.com:acme/${name}.git`);
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Initial commit');
  return { root, projectKey: `codehost:acme/${name}`, at };
}

/** Runs git in `cwd` with only PATH of the caller's environment; answers its stdout. */
export function gitIn(cwd: string, path: string) {
  const env = {
    PATH: path,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: devNull,
    GIT_AUTHOR_NAME: 'ctxhub test',
    GIT_AUTHOR_EMAIL: 'test@example.test',
    GIT_COMMITTER_NAME: 'ctxhub test',
    GIT_COMMITTER_EMAIL: 'test@example.test',
  };
  return (...args: string[]) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
      cwd,
      env,
      encoding: 'utf8',
      timeout: 10_000,
    });
}

/** Every file and folder under `root` except `.git`, relative and sorted. */
export function worktreeEntries(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((p) => p !== '.git' && !p.startsWith(`.git/`))
    .sort();
}
