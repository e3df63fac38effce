import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/server-process.ts';
import { startCliTestServer, type CliTestServer } from './cli-server.fixtures.ts';
import { sourceForFile } from './import-command.ts';

/**
 * `ctxhub import` against a real server process: upload, parse, extract and commit over HTTP, the
 * summary on stdout, progress on stderr, and a non-zero exit with the server's message on errors.
 */
const FIXTURES = fileURLToPath(new URL('../modules/imports/fixtures/', import.meta.url));
const WS = 'cli-imports';
const PROJECT = 'codehost:acme/billing-api';

let server: CliTestServer;
let scratch: string;
let key: string;
let cliEnv: Record<string, string>;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  server.api<T>(method, path, body);

beforeAll(async () => {
  server = await startCliTestServer('ctxhub-cli-import-', process.env);
  ({ scratch, adminKey: key } = server);
  expect((await api('POST', '/v1/workspaces', { workspace_key: WS })).status).toBe(201);
  expect((await api('POST', `/v1/workspaces/${WS}/projects`, { key: PROJECT })).status).toBe(201);
  cliEnv = { SERVICE_URL: server.baseUrl, SERVICE_API_KEY: key };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const importArgs = (file: string, ...extra: string[]) => [
  'import',
  file,
  '--workspace',
  WS,
  '--project',
  PROJECT,
  ...extra,
];

/** The `name: value` lines of the summary. */
function summaryOf(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .split('\n')
      .map((line) => /^([a-z ]+):\s+(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

interface Listed<T> {
  items: T[];
}

const importsOfProject = async () =>
  (
    await api<Listed<{ id: string; status: string }>>(
      'GET',
      `/v1/imports?workspace_key=${WS}&project_key=${encodeURIComponent(PROJECT)}&limit=200`,
    )
  ).json.items;

const memoriesOfProject = async () =>
  (
    await api<Listed<{ id: string; source: string; status: string; evidence_ref: string }>>(
      'GET',
      `/v1/memories?workspace_key=${WS}&project_key=${encodeURIComponent(PROJECT)}&status=draft,confirmed&limit=200`,
    )
  ).json.items;

describe('ctxhub import', () => {
  it('picks the source from the file extension', () => {
    expect(sourceForFile('a/session.jsonl')).toBe('agent_jsonl');
    expect(sourceForFile('EXPORT.JSON')).toBe('agent_json_export');
    expect(sourceForFile('notes.md')).toBe('text');
    expect(sourceForFile('README')).toBe('text');
  });

  it('uploads, parses and extracts a session file, printing the summary and the import id', async () => {
    const file = join(FIXTURES, 'claude-code-session.jsonl');
    const run = await runCli(importArgs(file), cliEnv);
    expect(run.code, run.stderr).toBe(0);
    const summary = summaryOf(run.stdout);
    expect(summary).toMatchObject({
      status: 'extracted',
      file: 'claude-code-session.jsonl',
      source: 'agent_jsonl',
      sessions: '2',
      messages: '21',
      skipped: '2',
      staged: '8',
      committed: '0',
      'memories created': '0',
      redactions: '0',
    });
    expect(summary.import).toMatch(/^imp_[0-9A-Z]+$/);
    expect(run.stdout).toContain(`POST /v1/imports/${summary.import}/commit`);
    // Progress is on stderr, as plain lines (stderr is not a terminal here), never on stdout.
    expect(run.stderr).toMatch(/^upload claude-code-session\.jsonl: sending /m);
    expect(run.stderr).toMatch(/^upload claude-code-session\.jsonl: done, .* import imp_/m);
    expect(run.stderr).toMatch(/^parse: done, 2 sessions, 21 messages, 2 skipped/m);
    expect(run.stderr).toMatch(/^extract: done, 8 staged/m);
    expect(run.stderr).not.toContain('\u001b[');
    expect(run.stdout).not.toMatch(/running|sending/);

    const uploaded = (await api('GET', `/v1/imports/${summary.import}`)).json;
    const content = readFileSync(file);
    expect(uploaded).toMatchObject({
      status: 'extracted',
      source: 'agent_jsonl',
      bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(await memoriesOfProject()).toEqual([]);
  }, 60_000);

  it('with --commit creates the memories, and --source overrides the extension', async () => {
    const before = (await memoriesOfProject()).length;
    const run = await runCli(
      importArgs(join(FIXTURES, 'notes.md'), '--commit', '--source', 'markdown'),
      cliEnv,
    );
    expect(run.code, run.stderr).toBe(0);
    const summary = summaryOf(run.stdout);
    expect(summary).toMatchObject({
      status: 'committed',
      source: 'markdown',
      sessions: '1',
      messages: '2',
      staged: '7',
      committed: '7',
      'memories created': '7',
    });
    expect(run.stdout).not.toContain('--commit');
    // Plain progress reads as sentences do ("1 session") and the upload reaches 100%.
    expect(run.stderr).toMatch(/^parse: done, 1 session, 2 messages, 0 skipped, 0 redactions$/m);
    expect(run.stderr).toMatch(/^upload notes\.md: (\S+ \S+) of \1 sent \(100%\)$/m);
    expect(run.stderr).toMatch(/^commit: done, 7 committed, 7 memories created/m);
    const memories = await memoriesOfProject();
    expect(memories).toHaveLength(before + 7);
    const fromImport = memories.filter((m) => m.source === 'import');
    expect(fromImport.length).toBeGreaterThanOrEqual(7);
    for (const m of fromImport) {
      expect(m.status).toBe('draft');
      expect(m.evidence_ref).toMatch(/^raw_message:rmsg_/);
    }
  }, 60_000);

  it('streams a multi-megabyte file intact, reporting progress as it goes', async () => {
    const file = join(scratch, 'big-notes.txt');
    const paragraph = (i: number) =>
      `Paragraph ${i}: the invoice job runs on every replica and takes an advisory lock first. ${'x'.repeat(400)}\n\n`;
    writeFileSync(file, Array.from({ length: 6000 }, (_, i) => paragraph(i)).join(''));
    const content = readFileSync(file);
    expect(content.length).toBeGreaterThan(2_500_000);
    const run = await runCli(importArgs(file), cliEnv);
    expect(run.code, run.stderr).toBe(0);
    const summary = summaryOf(run.stdout);
    expect(summary).toMatchObject({ source: 'text', status: 'extracted' });
    expect(run.stderr).toMatch(/^upload big-notes\.txt: .* sent \(50%\)$/m);
    expect(run.stderr).toMatch(/^upload big-notes\.txt: (\S+ \S+) of \1 sent \(100%\)$/m);
    const uploaded = (await api('GET', `/v1/imports/${summary.import}`)).json;
    expect(uploaded).toMatchObject({
      bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
  }, 90_000);

  it('exits non-zero with the server message for a bad key, storing nothing', async () => {
    const before = await importsOfProject();
    const run = await runCli(importArgs(join(FIXTURES, 'notes.md')), {
      ...cliEnv,
      SERVICE_API_KEY: 'ctxh_not-a-real-key',
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Invalid API key');
    expect(run.stdout).toBe('');
    expect(await importsOfProject()).toEqual(before);
  }, 60_000);

  it('exits non-zero for a missing file without calling the server', async () => {
    const before = await importsOfProject();
    const missing = join(scratch, 'no-such-file.jsonl');
    const run = await runCli(importArgs(missing), cliEnv);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`File not found: ${missing}`);
    expect(run.stdout).toBe('');
    const dir = await runCli(importArgs(scratch), cliEnv);
    expect(dir.code).not.toBe(0);
    expect(dir.stderr).toContain(`Not a file: ${scratch}`);
    expect(await importsOfProject()).toEqual(before);
  }, 60_000);

  it('exits non-zero naming SERVICE_URL and SERVICE_API_KEY when they are missing or bad', async () => {
    const file = join(FIXTURES, 'notes.md');
    const none = await runCli(importArgs(file), {});
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/SERVICE_URL: is required/);
    expect(none.stderr).toMatch(/SERVICE_API_KEY: is required/);
    const bad = await runCli(importArgs(file), { SERVICE_URL: 'ftp://example.test', SERVICE_API_KEY: key });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/SERVICE_URL: must be an http\(s\) URL/);
  }, 60_000);

  it('exits non-zero with the server message for a project that does not exist, a bad source and a failed parse', async () => {
    const notes = join(FIXTURES, 'notes.md');
    const nowhere = await runCli(
      ['import', notes, '--workspace', WS, '--project', 'codehost:acme/nowhere'],
      cliEnv,
    );
    expect(nowhere.code).not.toBe(0);
    expect(nowhere.stderr).toMatch(/not found/);

    const badSource = await runCli(importArgs(notes, '--source', 'Bad Source'), cliEnv);
    expect(badSource.code).not.toBe(0);
    expect(badSource.stderr).toContain('body.source: must be lower-case letters');

    const empty = await runCli(importArgs(join(FIXTURES, 'empty.jsonl')), cliEnv);
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toMatch(
      /Import imp_[0-9A-Z]+ failed: Nothing usable in empty\.jsonl: no messages found/,
    );
    expect(empty.stderr).toMatch(/^parse: failed$/m);
    expect(empty.stdout).toBe('');
  }, 60_000);

  it('reads the workspace and project from SERVICE_WORKSPACE_KEY and SERVICE_PROJECT_KEY; flags win', async () => {
    const notes = join(FIXTURES, 'notes.md');
    const fromEnv = await runCli(['import', notes], {
      ...cliEnv,
      SERVICE_WORKSPACE_KEY: WS,
      SERVICE_PROJECT_KEY: PROJECT,
    });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(summaryOf(fromEnv.stdout)).toMatchObject({ workspace: WS, project: PROJECT, status: 'extracted' });

    // The flags win over the environment (which names a workspace and project that do not exist).
    const flagsWin = await runCli(importArgs(notes), {
      ...cliEnv,
      SERVICE_WORKSPACE_KEY: 'no-such-workspace',
      SERVICE_PROJECT_KEY: 'codehost:acme/nowhere',
    });
    expect(flagsWin.code, flagsWin.stderr).toBe(0);
    expect(summaryOf(flagsWin.stdout)).toMatchObject({ workspace: WS, project: PROJECT });
  }, 60_000);

  it('takes a manual mapping name in SERVICE_PROJECT_KEY, as ctxhub mcp and ctxhub context do', async () => {
    const mapping = { kind: 'manual', external_id: 'billing', project_key: PROJECT };
    expect((await api('POST', `/v1/workspaces/${WS}/project-mappings`, mapping)).status).toBe(201);
    const run = await runCli(['import', join(FIXTURES, 'notes.md')], {
      ...cliEnv,
      SERVICE_WORKSPACE_KEY: WS,
      SERVICE_PROJECT_KEY: 'billing',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stdout)).toMatchObject({ workspace: WS, project: PROJECT });

    const before = await importsOfProject();
    const unknown = await runCli(['import', join(FIXTURES, 'notes.md')], {
      ...cliEnv,
      SERVICE_WORKSPACE_KEY: WS,
      SERVICE_PROJECT_KEY: 'no-such-mapping',
    });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/^ctxhub: SERVICE_PROJECT_KEY=no-such-mapping: /m);
    expect(await importsOfProject()).toEqual(before);
  }, 60_000);

  it('exits non-zero naming what is missing when neither a flag nor the environment gives the workspace or project', async () => {
    const before = await importsOfProject();
    const notes = join(FIXTURES, 'notes.md');
    const neither = await runCli(['import', notes], cliEnv);
    expect(neither.code).toBe(1);
    expect(neither.stderr).toContain('No workspace: pass --workspace or set SERVICE_WORKSPACE_KEY');
    expect(neither.stderr).toContain('No project: pass --project or set SERVICE_PROJECT_KEY');
    expect(neither.stderr).not.toMatch(/\n\s+at /); // one message, no stack trace

    const noProject = await runCli(['import', notes, '--workspace', WS], cliEnv);
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).not.toContain('No workspace');
    expect(noProject.stderr).toContain('No project: pass --project or set SERVICE_PROJECT_KEY');
    expect(await importsOfProject()).toEqual(before);
  }, 60_000);

  it('exits non-zero when the server cannot be reached', async () => {
    const run = await runCli(importArgs(join(FIXTURES, 'notes.md')), {
      SERVICE_URL: 'http://127.0.0.1:9',
      SERVICE_API_KEY: key,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/Cannot reach the ctxhub server at http:\/\/127\.0\.0\.1:9/);
  }, 60_000);
});
