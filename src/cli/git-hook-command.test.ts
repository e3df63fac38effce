import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/server-process.ts';
import {
  createGitRepo,
  startCliTestServer,
  unique,
  type CliTestServer,
  type TempRepo,
} from './cli-server.fixtures.ts';

/**
 * `ctxhub git-hook` in real temporary repositories against a real server process: install and
 * uninstall (core.hooksPath, worktrees, a hook the repository had, twice), and the hooks at work:
 * commits and merges arriving as Active Work evidence, fast-forwards and a detached HEAD sending
 * nothing, and git never waiting on a server that is down or never answers.
 */
const PATH = process.env.PATH ?? '';
const BIN = fileURLToPath(new URL('../../bin/ctxhub.js', import.meta.url));
const WS = unique('hook');
const LOG = 'ctxhub-git-hook.log';

let server: CliTestServer;
/** Holds every connection it gets open and never answers. */
let silent: Server;
const silentSockets: Socket[] = [];

/** Git's environment: no user or system configuration, a fixed author, no repository above tmpdir. */
const GIT_ENV = {
  PATH,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: devNull,
  GIT_CEILING_DIRECTORIES: tmpdir(),
  GIT_AUTHOR_NAME: 'ctxhub test',
  GIT_AUTHOR_EMAIL: 'test@example.test',
  GIT_COMMITTER_NAME: 'ctxhub test',
  GIT_COMMITTER_EMAIL: 'test@example.test',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to completion (stdin: `stdin`, else none): resolves once it exited and its output pipes closed. */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  stdin?: string,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, {
      cwd,
      env: { ...GIT_ENV, ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout?.on('data', (d) => (stdout += String(d)));
    proc.stderr?.on('data', (d) => (stderr += String(d)));
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, stdout, stderr }));
    // The hook's reader may be gone before all of it is written: that is its business.
    proc.stdin?.on('error', () => undefined).end(stdin);
  });
}

/** `git <args>` in `cwd`; its hooks get `env` (the ctxhub variables) too. */
const git = (cwd: string, env: Record<string, string>, ...args: string[]) =>
  run('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], cwd, env);

/** `git <args>` that must succeed; answers its stdout, trimmed. */
async function gitOk(cwd: string, env: Record<string, string>, ...args: string[]): Promise<string> {
  const result = await git(cwd, env, ...args);
  expect(result.code, `git ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** Writes a file and commits it with `message`; answers the new HEAD. */
async function commit(repo: TempRepo, env: Record<string, string>, message: string): Promise<string> {
  writeFileSync(repo.at(`${unique('file')}.txt`), `${message}\n`);
  await gitOk(repo.root, env, 'add', '--all');
  await gitOk(repo.root, env, 'commit', '--quiet', '--message', message);
  return gitOk(repo.root, env, 'rev-parse', 'HEAD');
}

const hookLog = (repo: TempRepo) => {
  const file = join(repo.root, '.git', LOG);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

const install = (cwd: string, env: Record<string, string> = {}) =>
  runCli(['git-hook', 'install'], { ...GIT_ENV, ...env }, cwd);
const uninstall = (cwd: string) => runCli(['git-hook', 'uninstall'], GIT_ENV, cwd);

const isExecutable = (path: string) => (statSync(path).mode & 0o111) === 0o111;

/** The server's environment for the hooks: no workspace (the dev user has only one), no project. */
const serviceEnv = () => ({ SERVICE_URL: server.baseUrl, SERVICE_API_KEY: server.dev.key });

interface Item {
  id: string;
  branch: string | null;
  issue_keys: string[];
  evidence_count: number;
}

async function items(projectKey: string): Promise<Item[]> {
  const res = await server.api<{ items: Item[] }>(
    'GET',
    `/v1/projects/${encodeURIComponent(projectKey)}/active-work?workspace_key=${WS}`,
  );
  expect(res.status).toBe(200);
  return res.json.items;
}

async function evidenceOf(id: string): Promise<Array<{ kind: string; ref: string; summary: string }>> {
  const res = await server.api<{ evidence: Array<{ kind: string; ref: string; summary: string }> }>(
    'GET',
    `/v1/active-work/${id}?workspace_key=${WS}`,
  );
  expect(res.status).toBe(200);
  return res.json.evidence;
}

beforeAll(async () => {
  server = await startCliTestServer('ctxhub-cli-git-hook-', process.env);
  await server.workspace(WS);
  // Reads what comes (so a client's close is seen) and never answers.
  silent = createServer((socket) => silentSockets.push(socket.resume()));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await server?.stop();
});

describe('ctxhub git-hook install and uninstall', () => {
  it('installs executable hooks that run the hook the repository had; uninstall puts it back', async () => {
    const repo = createGitRepo(server.scratch, unique('chain'), [], PATH);
    const hooks = repo.at('.git/hooks');
    const theirs =
      '#!/bin/sh\necho "ran with [$*] and [$(cat)]" >> "$(git rev-parse --git-dir)/previous-ran"\nexit 3\n';
    writeFileSync(join(hooks, 'post-commit'), theirs, { mode: 0o755 });

    const first = await install(repo.root);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`git hooks in ${hooks}:`);
    expect(first.stdout).toContain(
      'post-commit: installed (runs the hook that was there first, now post-commit.ctxhub-previous)',
    );
    expect(first.stdout).toContain('post-merge: installed\n');
    expect(first.stdout).toContain(`${process.execPath} ${BIN} git-hook send`);
    for (const name of ['SERVICE_URL', 'SERVICE_API_KEY', 'SERVICE_WORKSPACE_KEY', 'SERVICE_PROJECT_KEY']) {
      expect(first.stdout).toContain(name);
    }
    expect(first.stdout).toContain(repo.at(`.git/${LOG}`));
    for (const name of ['post-commit', 'post-merge']) {
      expect(isExecutable(join(hooks, name))).toBe(true);
      expect(readFileSync(join(hooks, name), 'utf8')).toContain(`'${BIN}'`);
    }
    expect(readFileSync(join(hooks, 'post-commit.ctxhub-previous'), 'utf8')).toBe(theirs);
    const installed = readFileSync(join(hooks, 'post-commit'), 'utf8');

    // Twice: nothing changes, and ours is never chained to itself.
    const second = await install(repo.root);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('post-commit: already installed');
    expect(second.stdout).toContain('post-merge: already installed');
    expect(readFileSync(join(hooks, 'post-commit'), 'utf8')).toBe(installed);
    expect(readFileSync(join(hooks, 'post-commit.ctxhub-previous'), 'utf8')).toBe(theirs);
    expect(existsSync(join(hooks, 'post-commit.ctxhub-previous.ctxhub-previous'))).toBe(false);

    // Their hook runs at a commit (nothing configured: ours only logs why it sent nothing) ...
    await commit(repo, {}, 'A commit with no server configured');
    expect(readFileSync(repo.at('.git/previous-ran'), 'utf8')).toBe('ran with [] and []\n');
    await expect.poll(() => hookLog(repo)).toMatch(/ commit [0-9a-f]{7} on main: not sent: .*SERVICE_URL/);
    // ... with our hook's arguments and stdin, and its exit status is the hook's.
    const direct = await run(join(hooks, 'post-commit'), ['a', 'b'], repo.root, {}, 'hello');
    expect(direct.code).toBe(3);
    expect(readFileSync(repo.at('.git/previous-ran'), 'utf8')).toContain('ran with [a b] and [hello]\n');

    const removed = await uninstall(repo.root);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('post-commit: removed; the hook it ran is back');
    expect(removed.stdout).toContain('post-merge: removed');
    expect(readFileSync(join(hooks, 'post-commit'), 'utf8')).toBe(theirs);
    expect(isExecutable(join(hooks, 'post-commit'))).toBe(true);
    for (const name of ['post-merge', 'post-commit.ctxhub-previous', 'post-merge.ctxhub-previous']) {
      expect(existsSync(join(hooks, name))).toBe(false);
    }

    // Nothing of ours left: nothing to do, and their hook stays.
    const again = await uninstall(repo.root);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`ctxhub: no ctxhub git hooks in ${hooks}: nothing to uninstall.\n`);
    expect(readFileSync(join(hooks, 'post-commit'), 'utf8')).toBe(theirs);
  }, 60_000);

  it('installs where core.hooksPath says (creating it), and in the common hooks of a worktree', async () => {
    const repo = createGitRepo(server.scratch, unique('hookspath'), ['src'], PATH);
    await gitOk(repo.root, {}, 'config', 'core.hooksPath', '.githooks');
    const inSub = await install(repo.at('src'));
    expect(inSub.code, inSub.stderr).toBe(0);
    expect(inSub.stdout).toContain(`git hooks in ${repo.at('.githooks')}:`);
    expect(isExecutable(repo.at('.githooks/post-commit'))).toBe(true);
    expect(isExecutable(repo.at('.githooks/post-merge'))).toBe(true);
    expect(existsSync(repo.at('.git/hooks/post-commit'))).toBe(false);
    const removed = await uninstall(repo.at('src'));
    expect(removed.code, removed.stderr).toBe(0);
    expect(existsSync(repo.at('.githooks/post-commit'))).toBe(false);

    const main = createGitRepo(server.scratch, unique('main'), [], PATH);
    const worktree = join(server.scratch, unique('worktree'));
    await gitOk(main.root, {}, 'worktree', 'add', '--quiet', '-b', 'side', worktree);
    const inWorktree = await install(worktree);
    expect(inWorktree.code, inWorktree.stderr).toBe(0);
    expect(isExecutable(main.at('.git/hooks/post-commit'))).toBe(true);
  }, 60_000);

  it('exits 1 outside a git repository; uninstall never removes a hook that is not ours', async () => {
    const outside = join(server.scratch, unique('plain'));
    mkdirSync(outside);
    const none = await install(outside);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^ctxhub: Not in a git repository: /);

    const repo = createGitRepo(server.scratch, unique('foreign'), [], PATH);
    const theirs = '#!/bin/sh\nexit 0\n';
    writeFileSync(repo.at('.git/hooks/post-merge'), theirs, { mode: 0o755 });
    const removed = await uninstall(repo.root);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('nothing to uninstall');
    expect(readFileSync(repo.at('.git/hooks/post-merge'), 'utf8')).toBe(theirs);
  }, 60_000);
});

describe('the hooks at work', () => {
  it('sends commits and merges as Active Work evidence; fast-forwards and a detached HEAD send nothing', async () => {
    const repo = createGitRepo(server.scratch, unique('billing'), [], PATH);
    await server.project(WS, repo.projectKey);
    expect((await install(repo.root)).code).toBe(0);
    const env = serviceEnv();
    const branch = 'feature/BILL-142-archive';

    await gitOk(repo.root, env, 'checkout', '--quiet', '-b', branch);
    const first = await commit(repo, env, 'Archive paid invoices after a year');
    await expect
      .poll(async () => (await items(repo.projectKey)).find((i) => i.branch === branch), { timeout: 30_000 })
      .toMatchObject({ issue_keys: ['BILL-142'], evidence_count: 1 });
    const [item] = await items(repo.projectKey);
    const id = item?.id ?? '';

    // A merge commit on main joins the item of the branch it merged.
    await gitOk(repo.root, env, 'checkout', '--quiet', 'main');
    await gitOk(repo.root, env, 'merge', '--quiet', '--no-ff', '--no-edit', branch);
    const merge = await gitOk(repo.root, env, 'rev-parse', 'HEAD');
    await expect.poll(async () => (await evidenceOf(id)).length, { timeout: 30_000 }).toBe(2);
    const evidence = await evidenceOf(id);
    expect(evidence.map((e) => [e.kind, e.summary])).toEqual([
      ['git', `Merge branch '${branch}'`],
      ['git', 'Archive paid invoices after a year'],
    ]);
    expect(evidence.every((e) => e.ref.startsWith('git_event:'))).toBe(true);

    // Fast-forwards: onto that merge commit, and onto a plain commit. A detached HEAD.
    await gitOk(repo.root, env, 'checkout', '--quiet', '-b', 'behind', 'main~1');
    await gitOk(repo.root, env, 'merge', '--quiet', '--ff-only', 'main');
    await gitOk(repo.root, env, 'checkout', '--quiet', '-b', 'feature/BILL-142-notes', 'main');
    const notes = await commit(repo, env, 'Notes on BILL-142 archiving');
    await gitOk(repo.root, env, 'checkout', '--quiet', 'main');
    await gitOk(repo.root, env, 'merge', '--quiet', '--ff-only', 'feature/BILL-142-notes');
    await gitOk(repo.root, env, 'checkout', '--quiet', '--detach');
    const detached = await commit(repo, env, 'BILL-142 on a detached HEAD');
    // The last commit, sent after all of them: once it arrived, nothing else is on its way.
    await gitOk(repo.root, env, 'checkout', '--quiet', 'feature/BILL-142-notes');
    const last = await commit(repo, env, 'More notes on BILL-142');
    await expect
      .poll(async () => (await evidenceOf(id)).map((e) => e.summary), { timeout: 30_000 })
      .toContain('More notes on BILL-142');
    expect((await evidenceOf(id)).map((e) => e.summary).sort()).toEqual(
      [
        `Merge branch '${branch}'`,
        'Archive paid invoices after a year',
        'Notes on BILL-142 archiving',
        'More notes on BILL-142',
      ].sort(),
    );
    const sent = (sha: string) => `${sha.slice(0, 7)} on `;
    await expect.poll(() => hookLog(repo).split('\n').filter(Boolean).length).toBe(4);
    const log = hookLog(repo);
    for (const [kind, sha, on] of [
      ['commit', first, branch],
      ['merge', merge, 'main'],
      ['commit', notes, 'feature/BILL-142-notes'],
      ['commit', last, 'feature/BILL-142-notes'],
    ] as const) {
      expect(log).toMatch(
        new RegExp(`Z ${kind} ${sent(sha)}${on}: sent to ${WS} / ${repo.projectKey} \\(gev_`),
      );
    }
    expect(log).not.toContain(detached.slice(0, 7));
    expect(log).not.toContain('behind');
  }, 120_000);

  it('logs why nothing was sent when the repository has no project', async () => {
    const repo = createGitRepo(server.scratch, unique('unknown'), [], PATH);
    expect((await install(repo.root)).code).toBe(0);
    await commit(repo, serviceEnv(), 'Not a project of ctxhub');
    await expect
      .poll(() => hookLog(repo), { timeout: 30_000 })
      .toMatch(/ commit [0-9a-f]{7} on main: not sent: .*not found.* \(set SERVICE_PROJECT_KEY\)\n$/);
  }, 60_000);

  it('commits at once when the server is down, and logs the failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const repo = createGitRepo(server.scratch, unique('down'), [], PATH);
    expect((await install(repo.root)).code).toBe(0);
    const env = { ...serviceEnv(), SERVICE_URL: `http://127.0.0.1:${port}` };
    await commit(repo, env, 'Committed while the server is down');
    await expect
      .poll(() => hookLog(repo), { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `not sent: Cannot reach the ctxhub server at http://127\\.0\\.0\\.1:${port}: ECONNREFUSED\\n$`,
        ),
      );
  }, 60_000);

  it('returns from git while a server that never answers holds the hook open, and logs the timeout', async () => {
    const { port } = silent.address() as { port: number };
    const events: string[] = [];
    silent.on('connection', (socket: Socket) => {
      events.push('connected');
      socket.on('close', () => events.push('closed'));
    });
    const repo = createGitRepo(server.scratch, unique('hang'), [], PATH);
    expect((await install(repo.root)).code).toBe(0);
    const env = { ...serviceEnv(), SERVICE_URL: `http://127.0.0.1:${port}` };
    writeFileSync(repo.at('hang.txt'), 'hang\n');
    await gitOk(repo.root, env, 'add', '--all');
    const committed = await git(
      repo.root,
      env,
      'commit',
      '--quiet',
      '--message',
      'Committed while the server hangs',
    );
    events.push('git returned');
    expect(committed.code, committed.stderr).toBe(0);
    // The hook's request reached the server, which still holds it: git did not wait for it.
    await expect.poll(() => events).toContain('connected');
    expect(events).not.toContain('closed');
    await expect
      .poll(() => hookLog(repo), { timeout: 40_000 })
      .toMatch(new RegExp(`not sent: No answer from http://127\\.0\\.0\\.1:${port} within 10 s\\n$`));
    // The sender gave up and closed its connection, long after git returned.
    await expect.poll(() => events).toContain('closed');
    expect(events.indexOf('git returned')).toBeLessThan(events.indexOf('closed'));
  }, 90_000);

  it('keeps the log small, cutting its oldest lines', async () => {
    const repo = createGitRepo(server.scratch, unique('log'), [], PATH);
    const file = repo.at(`.git/${LOG}`);
    writeFileSync(file, Array.from({ length: 1000 }, (_, i) => `old line ${i} ${'x'.repeat(60)}\n`).join(''));
    const sent = await runCli(['git-hook', 'send', 'commit'], GIT_ENV, repo.root);
    expect(sent).toEqual({ code: 0, stdout: '', stderr: '' });
    const log = readFileSync(file, 'utf8');
    expect(log.length).toBeLessThanOrEqual(64 * 1024);
    expect(log).toMatch(/^old line \d+ x+\n/);
    expect(log).toContain('old line 999 ');
    expect(log).toMatch(/Z commit [0-9a-f]{7} on main: not sent: Invalid configuration: .*SERVICE_URL.*\n$/);
  }, 60_000);
});
