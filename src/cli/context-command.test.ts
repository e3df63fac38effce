import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/server-process.ts';
import {
  createGitRepo,
  gitIn,
  startCliTestServer,
  unique,
  worktreeEntries,
  type CliTestServer,
  type TempRepo,
} from './cli-server.fixtures.ts';
import { fitLines } from './context-command.ts';

/**
 * `ctxhub context` against a real server process, run in folders of temporary git repositories:
 * the resolved project's bundle as Markdown within --max-chars, silence outside any project, and a
 * non-zero exit with one clear line for bad keys and flags.
 */
const PATH = process.env.PATH ?? '';
const WS = unique('ctx-main');
const WS_AUTO = unique('ctx-auto');

let server: CliTestServer;
let app: TempRepo;
let big: TempRepo;
let unknown: TempRepo;
let local: TempRepo;
let env: Record<string, string>;
let devEmail: string;

const heading = (repo: TempRepo) => new RegExp(`^# Project context: .*\\(${repo.projectKey}\\)\\n`);

beforeAll(async () => {
  server = await startCliTestServer('ctxhub-cli-context-', process.env);
  app = createGitRepo(server.scratch, unique('app'), ['packages/web/src'], PATH);
  big = createGitRepo(server.scratch, unique('big'), [], PATH);
  unknown = createGitRepo(server.scratch, unique('unknown'), [], PATH);
  local = createGitRepo(server.scratch, unique('Local'), ['src'], PATH, { origin: false });
  await server.workspace(WS);
  await server.workspace(WS_AUTO, { auto_create_project: true });
  await server.project(WS, app.projectKey);
  await server.project(WS, big.projectKey);
  await server.memory(WS, app.projectKey, 'decision', 'Invoices are numbered per tenant and year.');
  await server.memory(WS, app.projectKey, 'constraint', 'Never call the billing API from the web app.');
  for (let i = 0; i < 30; i += 1) {
    const text = `Decision ${i} about the ledger: ${'every posting is double-entry and immutable; '.repeat(12)}`;
    await server.memory(WS, big.projectKey, 'decision', text);
  }
  env = {
    SERVICE_URL: server.baseUrl,
    SERVICE_API_KEY: server.dev.key,
    SERVICE_WORKSPACE_KEY: WS,
    GIT_CEILING_DIRECTORIES: tmpdir(),
  };
  const me = await server.api<{ user: { email: string } }>('GET', '/v1/me', undefined, server.dev.key);
  devEmail = me.json.user.email;
}, 120_000);

/** A repository with a billing module that memories cite. */
function citingRepo(name: string): TempRepo {
  const repo = createGitRepo(server.scratch, unique(name), ['src/billing'], PATH);
  writeFileSync(repo.at('src/billing/invoice.ts'), 'export function computeTaxLines() {}\n');
  const git = gitIn(repo.root, PATH);
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Billing');
  return repo;
}

/** A confirmed memory of the repository's project citing `cites`; its id. */
async function citingMemory(repo: TempRepo, type: string, content: string, cites: unknown[]) {
  const res = await server.api('POST', '/v1/memories', {
    workspace_key: WS,
    project_key: repo.projectKey,
    type,
    content,
    status: 'confirmed',
    metadata: { cites },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return String(res.json.id);
}

const memoryOf = async (id: string) =>
  (await server.api<{ flags: string[]; flag_notes: Record<string, string> }>('GET', `/v1/memories/${id}`))
    .json;
const versionsOf = async (id: string) =>
  (await server.api<{ items: unknown[] }>('GET', `/v1/memories/${id}/history`)).json.items.length;
const confirm = async (id: string) =>
  expect((await server.api('PATCH', `/v1/memories/${id}`, { status: 'confirmed' })).status).toBe(200);

afterAll(async () => {
  await server?.stop();
});

describe('ctxhub context', () => {
  it("prints the working directory's project bundle as Markdown", async () => {
    const run = await runCli(['context'], env, app.at('packages/web/src'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(heading(app));
    expect(run.stdout).toContain('## Constraints\n- “Never call the billing API from the web app.”');
    expect(run.stdout).toContain('## Decisions\n- “Invoices are numbered per tenant and year.”');
    expect(run.stdout.endsWith('\n')).toBe(true);
    expect(run.stderr).toBe('');
  }, 60_000);

  it('adds the memories relevant to --q, and takes --workspace and --project', async () => {
    const relevant = await runCli(['context', '--q', 'billing API'], env, app.root);
    expect(relevant.code, relevant.stderr).toBe(0);
    expect(relevant.stdout).toContain('## Relevant to "billing API"\n- “Never call the billing API');

    const { SERVICE_WORKSPACE_KEY: _, ...withoutWorkspace } = env;
    const named = await runCli(['context', '--workspace', WS], withoutWorkspace, app.root);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toMatch(heading(app));

    const elsewhere = join(server.scratch, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    const explicit = await runCli(['context', '--project', big.projectKey], env, elsewhere);
    expect(explicit.code, explicit.stderr).toBe(0);
    expect(explicit.stdout).toMatch(heading(big));
  }, 60_000);

  it('stays within --max-chars, keeping the heading', async () => {
    const full = await runCli(['context'], env, big.root);
    expect(full.code, full.stderr).toBe(0);
    expect(full.stdout.length).toBeGreaterThan(1500);
    expect(full.stdout.length).toBeLessThanOrEqual(10_000);

    for (const max of ['1500', '500']) {
      const run = await runCli(['context', '--max-chars', max], env, big.root);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.length).toBeLessThanOrEqual(Number(max));
      expect(run.stdout).toMatch(heading(big));
      // 500 characters hold the heading and the quoting note, not one whole decision line.
      if (max === '1500') expect(run.stdout).toContain('Decision ');
    }
    // At the smallest budget the bundle is not asked for again: exactly as long as allowed, the
    // text still ends in a line break within the limit.
    const smallest = await runCli(['context', '--budget', '300'], env, big.root);
    expect(smallest.code, smallest.stderr).toBe(0);
    const length = smallest.stdout.length;
    expect(length).toBeGreaterThan(501);
    for (const max of [length, length - 1]) {
      const run = await runCli(['context', '--budget', '300', '--max-chars', String(max)], env, big.root);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.length).toBeLessThanOrEqual(max);
      expect(run.stdout.endsWith('\n')).toBe(true);
      expect(smallest.stdout.startsWith(run.stdout.trimEnd())).toBe(true);
    }
  }, 90_000);

  it('with --hook, prints the SessionStart hook JSON: the Markdown within --max-chars, or an empty context', async () => {
    const hookOutput = (stdout: string) => {
      expect(stdout.endsWith('}\n')).toBe(true);
      expect(stdout.trimEnd()).not.toContain('\n'); // one JSON line
      const parsed = JSON.parse(stdout) as { hookSpecificOutput: Record<string, unknown> };
      expect(Object.keys(parsed)).toEqual(['hookSpecificOutput']);
      expect(parsed.hookSpecificOutput.hookEventName).toBe('SessionStart');
      return parsed.hookSpecificOutput.additionalContext as string;
    };
    const plain = await runCli(['context'], env, app.at('packages/web/src'));
    const hook = await runCli(['context', '--hook'], env, app.at('packages/web/src'));
    expect(hook.code, hook.stderr).toBe(0);
    expect(hook.stderr).toBe('');
    expect(hookOutput(hook.stdout)).toBe(plain.stdout);

    const bounded = await runCli(['context', '--hook', '--max-chars', '600'], env, big.root);
    expect(bounded.code, bounded.stderr).toBe(0);
    const context = hookOutput(bounded.stdout);
    expect(context).toMatch(heading(big));
    expect(context.length).toBeLessThanOrEqual(600);

    const outside = join(server.scratch, 'no-repository-hook');
    mkdirSync(outside, { recursive: true });
    const none = await runCli(['context', '--hook'], env, outside);
    expect(none.code, none.stderr).toBe(0);
    expect(hookOutput(none.stdout)).toBe('');
    expect(none.stderr).toMatch(/^ctxhub context: no project here: /);

    const badKey = await runCli(['context', '--hook'], { ...env, SERVICE_API_KEY: 'ctxh_nope' }, app.root);
    expect(badKey.code).toBe(1);
    expect(badKey.stdout).toBe('');
    expect(badKey.stderr).toBe('ctxhub: Invalid API key\n');
  }, 90_000);

  it('says which cited code is missing from the working tree next to its item, and reports it once', async () => {
    const repo = citingRepo('cited');
    await server.project(WS, repo.projectKey);
    const present = await citingMemory(repo, 'decision', 'Tax lines are computed per invoice.', [
      { path: 'src/billing/invoice.ts', symbol: 'computeTaxLines' },
      { path: 'src/billing' },
    ]);
    const gone = await citingMemory(repo, 'constraint', 'Refunds are rounded half-even.', [
      { path: 'src/billing/refund.ts' },
      { path: 'src/billing/invoice.ts', symbol: 'roundHalfEven', commit: 'abcdef1' },
      { path: 'README.md' },
    ]);
    const run = await runCli(['context'], env, repo.at('src/billing'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      '- “Refunds are rounded half-even.” _[constraint, cited code missing: src/billing/refund.ts; roundHalfEven in src/billing/invoice.ts, ',
    );
    expect(run.stdout).toMatch(/- “Tax lines are computed per invoice\.” _\[\d{4}-\d{2}-\d{2}\]_/);
    // Reported: the memory needs review, saying what, where and who.
    const head = gitIn(repo.root, PATH)('rev-parse', 'HEAD').slice(0, 7);
    const flagged = await memoryOf(gone);
    expect(flagged.flags).toEqual(['needs_review']);
    expect(flagged.flag_notes).toEqual({
      needs_review: `cited src/billing/refund.ts, src/billing/invoice.ts (symbol roundHalfEven) not found in a working tree at ${head}, reported by ${devEmail}`,
    });
    expect((await memoryOf(present)).flags).toEqual([]);
    // The next run shows it flagged, and leaves the report as it is.
    const versions = await versionsOf(gone);
    const again = await runCli(['context', '--hook'], env, repo.root);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    const context = (JSON.parse(again.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    expect(context).toContain(
      '_[constraint, needs review, cited code missing: src/billing/refund.ts; roundHalfEven in src/billing/invoice.ts, ',
    );
    expect(await versionsOf(gone)).toBe(versions);
    // Once the code is back and a maintainer confirmed the memory, nothing is said.
    mkdirSync(repo.at('src/billing'), { recursive: true });
    writeFileSync(repo.at('src/billing/refund.ts'), 'export const refund = 1;\n');
    writeFileSync(
      repo.at('src/billing/invoice.ts'),
      'export function computeTaxLines() {}\nroundHalfEven();\n',
    );
    const git = gitIn(repo.root, PATH);
    git('add', '--all');
    git('commit', '--quiet', '--message', 'Refunds');
    await confirm(gone);
    const fixed = await runCli(['context'], env, repo.root);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stdout).not.toContain('cited code missing');
    expect(fixed.stdout).toContain('- “Refunds are rounded half-even.” _[constraint, ');
    expect((await memoryOf(gone)).flags).toEqual([]);
  }, 90_000);

  it("checks only the working directory's project; a reader's check is shown, its report quietly refused", async () => {
    const repo = citingRepo('cited-read');
    await server.project(WS, repo.projectKey);
    const gone = await citingMemory(repo, 'decision', 'Payouts run nightly.', [{ path: 'src/payouts.ts' }]);
    // Named with --project, from a folder of another repository: not checked.
    const named = await runCli(['context', '--project', repo.projectKey], env, app.root);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('- “Payouts run nightly.” _[');
    expect(named.stdout).not.toContain('cited code missing');

    const reader = await server.user();
    await server.api('POST', `/v1/workspaces/${WS}/members`, { user_id: reader.id, role: 'member' });
    const members = `/v1/projects/${encodeURIComponent(repo.projectKey)}/members?workspace_key=${WS}`;
    expect((await server.api('POST', members, { user_id: reader.id, role: 'reader' })).status).toBe(201);
    const read = await runCli(['context'], { ...env, SERVICE_API_KEY: reader.key }, repo.root);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).toBe('');
    expect(read.stdout).toContain('- “Payouts run nightly.” _[cited code missing: src/payouts.ts, ');
    expect((await memoryOf(gone)).flags).toEqual([]);
  }, 90_000);

  it('cuts at a whole line', () => {
    expect(fitLines('# A\nbb\ncc\n', 100)).toBe('# A\nbb\ncc');
    expect(fitLines('# A\nbb\ncc\n', 7)).toBe('# A\nbb');
    expect(fitLines('abcdef', 3)).toBe('abc');
  });

  it('in a git init folder without a remote, resolves local:repo/<folder>, created with auto_create_project', async () => {
    const run = await runCli(['context'], { ...env, SERVICE_WORKSPACE_KEY: WS_AUTO }, local.at('src'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(heading(local));
    const project = await server.api(
      'GET',
      `/v1/projects/${encodeURIComponent(local.projectKey)}?workspace_key=${WS_AUTO}`,
      undefined,
      server.dev.key,
    );
    expect(project).toMatchObject({ status: 200, json: { key: local.projectKey, role: 'maintainer' } });
    // Without auto_create_project, the folder's project is not made: nothing to add.
    const off = await runCli(['context'], env, local.root);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toBe('');
    expect(off.stderr).toMatch(/^ctxhub context: no project here: A project of workspace .* not found/);
    expect(worktreeEntries(local.root)).toEqual(['README.md', 'src', 'src/README.md']);
  }, 60_000);

  it('without a workspace uses your only one; with several or none, exits 1 saying so', async () => {
    const { SERVICE_WORKSPACE_KEY: _, ...withoutWorkspace } = env;
    const solo = await server.user();
    const soloWorkspace = unique('ctx-solo');
    await server.workspace(soloWorkspace, { auto_create_project: true }, solo);
    const only = await runCli(['context'], { ...withoutWorkspace, SERVICE_API_KEY: solo.key }, local.root);
    expect(only.code, only.stderr).toBe(0);
    expect(only.stdout).toMatch(heading(local));
    expect(only.stderr).toBe('');

    const several = await runCli(['context'], withoutWorkspace, app.root);
    expect(several.code, several.stderr).toBe(1);
    expect(several.stdout).toBe('');
    expect(several.stderr).toBe(
      `ctxhub: No workspace: set SERVICE_WORKSPACE_KEY or pass --workspace (yours: ${[WS, WS_AUTO].sort().join(', ')})\n`,
    );

    const nobody = await server.user();
    const none = await runCli(['context'], { ...withoutWorkspace, SERVICE_API_KEY: nobody.key }, app.root);
    expect(none.code, none.stderr).toBe(1);
    expect(none.stderr).toBe('ctxhub: No workspace: you belong to no ctxhub workspace yet\n');
  }, 60_000);

  it('prints nothing and exits 0 where no project resolves', async () => {
    const outside = join(server.scratch, 'no-repository');
    mkdirSync(outside, { recursive: true });
    const none = await runCli(['context'], env, outside);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^ctxhub context: no project here: No project: .*not in a git repository/);
    // A command line, not an MCP client: it is told its own options, never to call a tool.
    expect(none.stderr).toContain('(pass --project or set SERVICE_PROJECT_KEY)');
    expect(none.stderr).not.toContain('set_project');

    const unmapped = await runCli(['context'], env, unknown.root);
    expect(unmapped.code, unmapped.stderr).toBe(0);
    expect(unmapped.stdout).toBe('');
    expect(unmapped.stderr).toMatch(/^ctxhub context: no project here: A project of workspace .* not found/);
    expect(worktreeEntries(unknown.root)).toEqual(['README.md']);
  }, 60_000);

  it("exits 1 with the server's message for a bad key", async () => {
    const run = await runCli(['context'], { ...env, SERVICE_API_KEY: 'ctxh_not-a-real-key' }, app.root);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('ctxhub: Invalid API key\n');
  }, 60_000);

  it('exits 1 with one clear line for bad flags', async () => {
    for (const [flag, value, range] of [
      ['--max-chars', 'abc', '500 to 1000000'],
      ['--max-chars', '10', '500 to 1000000'],
      ['--budget', '1.5', '300 to 32000'],
      ['--budget', '99', '300 to 32000'],
    ] as const) {
      const run = await runCli(['context', flag, value], env, app.root);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`ctxhub: ${flag} must be a whole number from ${range}\n`);
    }
  }, 60_000);
});
