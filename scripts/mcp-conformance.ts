/**
 * `npx tsx scripts/mcp-conformance.ts [--verbose] [--scenario <name>]...`: runs the official MCP conformance suite
 * (`@modelcontextprotocol/conformance`, the devDependency's version) against ctxhub's remote
 * endpoint `POST /mcp`, on a real server process, and ends with one line
 * `conformance: N passed, M failed` (exit 1 on any failed check, crash or time-out).
 *
 * The server runs on 127.0.0.1 on a fresh PGlite data dir, or, when DATABASE_URL is set, on a fresh
 * database created on that PostgreSQL server (and dropped at the end) with generated secrets. The
 * script takes the first-start admin key from the one-time link and creates a workspace.
 *
 * Why a proxy: /mcp needs `Authorization: Bearer <api key>`, and the conformance client has no option
 * to send a header. So the suite talks to a tiny forwarding proxy on 127.0.0.1 that plays an MCP
 * client configured with a key: it adds the Authorization header and forwards everything else as it
 * came, streaming bodies both ways. Host and Origin pass through unchanged, so the server's own
 * DNS-rebinding check sees what the suite sends (`evil.example.com`, then the URL's host).
 *
 * Scenarios: those that apply to ctxhub's tools-only, stateless server. Results come from the
 * `checks.json` the suite writes per scenario (`-o`); a scenario that exits non-zero without a failed
 * check, or writes no results, counts as one failure. `--verbose` echoes the suite's own output;
 * `--scenario <name>` (repeatable) runs only the named scenarios.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl, withDatabase } from '../src/test/pg-urls.ts';
import { generatedSecretsEnv, revealFirstKey, startServer, waitFor } from '../src/test/server-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
/** `--scenario <name>` (repeatable) runs those instead, e.g. to look at one closely. */
const chosen = process.argv.flatMap((arg, i) => (arg === '--scenario' ? [process.argv[i + 1] ?? ''] : []));
const SCENARIOS = chosen.length > 0 ? chosen : APPLICABLE;
const OVERALL_TIMEOUT_MS = 5 * 60_000;
const SCENARIO_TIMEOUT_MS = 60_000;
const VERBOSE = process.argv.includes('--verbose');
const { DATABASE_URL } = process.env;

interface Check {
  id: string;
  name: string;
  description: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
  details?: unknown;
}

const children = new Set<ChildProcess>();
const dirs: string[] = [];
let passed = 0;
let failed = 0;

function track(proc: ChildProcess): ChildProcess {
  children.add(proc);
  proc.on('exit', () => children.delete(proc));
  return proc;
}

/** Kills what is still running and removes the temp dirs (synchronous: also runs on exit). */
function cleanup(): void {
  for (const proc of children) proc.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanup);

function finish(extraFailures: number): never {
  failed += extraFailures;
  console.log(`conformance: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const overall = setTimeout(() => {
  console.log(`CRASH  timed out after ${OVERALL_TIMEOUT_MS / 1000} s`);
  finish(1);
}, OVERALL_TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => finish(1));

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A fresh database on DATABASE_URL's server; `drop` removes it. */
async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ctxhub_conformance_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl(url) });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: withDatabase(url, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** `ctxhub serve` on 127.0.0.1 (killed on exit) and the admin key of its one-time link. */
async function startCtxhub(env: Record<string, string>) {
  const server = await startServer({ SERVICE_LOG_LEVEL: 'info', ...env }, OVERALL_TIMEOUT_MS);
  track(server.proc);
  return { ...server, base: server.baseUrl, key: await revealFirstKey(server, 120_000) };
}

/** Headers that belong to one connection (RFC 9110, 7.6.1): a proxy does not forward them. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const forwardable = (headers: IncomingHttpHeaders): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** The forwarding proxy (see the header comment): listens on 127.0.0.1, adds the key, streams. */
function startProxy(target: URL, key: string): Promise<Server> {
  const proxy = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...forwardable(req.headers), authorization: `Bearer ${key}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

/** Runs one scenario; its checks, or why there are none. */
async function runScenario(url: string, scenario: string) {
  const out = tempDir(`ctxhub-conformance-${scenario}-`);
  const proc = track(
    spawn(process.execPath, [SUITE, 'server', '--url', url, '--scenario', scenario, '-o', out, '--verbose'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  proc.stdout!.on('data', (d) => (output += String(d)));
  proc.stderr!.on('data', (d) => (output += String(d)));
  const kill = setTimeout(() => proc.kill('SIGKILL'), SCENARIO_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  clearTimeout(kill);
  const dir = readdirSync(out).find((name) => name.startsWith(`server-${scenario}-`));
  const file = dir ? join(out, dir, 'checks.json') : undefined;
  const checks = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Check[]) : null;
  return { code, checks, output };
}

const indent = (text: string) => text.replace(/^/gm, '         ');

/** Prints one line per check and adds them to the totals; a crash counts as one failure. */
function report(scenario: string, run: Awaited<ReturnType<typeof runScenario>>): boolean {
  if (VERBOSE) console.log(indent(run.output.trimEnd()));
  const checks = run.checks ?? [];
  for (const check of checks) {
    const label =
      { SUCCESS: 'PASS', FAILURE: 'FAIL', WARNING: 'WARN' }[check.status as string] ?? check.status;
    const why = check.errorMessage ? `: ${check.errorMessage}` : '';
    console.log(`${label.padEnd(5)}  ${scenario} / ${check.id}: ${check.description}${why}`);
    if (check.status === 'SUCCESS') passed += 1;
    if (check.status === 'FAILURE') {
      failed += 1;
      console.log(indent(`details: ${JSON.stringify(check.details ?? null, null, 2)}`));
    }
  }
  const failures = checks.filter((c) => c.status === 'FAILURE').length;
  if (run.checks === null || checks.length === 0 || (run.code !== 0 && failures === 0)) {
    failed += 1;
    console.log(`CRASH  ${scenario}: exit code ${run.code}, ${checks.length} checks`);
    if (!VERBOSE) console.log(indent(run.output.trimEnd()));
    return false;
  }
  return failures === 0;
}

type Ctxhub = Awaited<ReturnType<typeof startCtxhub>>;

/** Creates the workspace, starts the proxy and runs every scenario through it. */
async function runSuite(server: Ctxhub, engine: string): Promise<void> {
  const created = await fetch(`${server.base}/v1/workspaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_key: 'conformance' }),
  });
  if (created.status !== 201)
    throw new Error(`POST /v1/workspaces: ${created.status} ${await created.text()}`);
  const proxy = await startProxy(new URL(server.base), server.key);
  try {
    // 127.0.0.1: a localhost URL, as dns-rebinding-protection requires, without resolving a name.
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
    console.log(`ctxhub at ${server.base} (${engine}), proxy ${url}`);
    let clean = true;
    for (const scenario of SCENARIOS) clean = report(scenario, await runScenario(url, scenario)) && clean;
    if (!clean) {
      console.log('server log (last 40 lines):');
      console.log(indent(server.output().trimEnd().split('\n').slice(-40).join('\n')));
    }
  } finally {
    proxy.close();
  }
}

async function main(): Promise<void> {
  const env: Record<string, string> = { SERVICE_DATA_DIR: tempDir('ctxhub-conformance-data-') };
  const database = DATABASE_URL ? await freshPostgres(DATABASE_URL) : undefined;
  if (database) {
    Object.assign(env, { DATABASE_URL: database.url, ...generatedSecretsEnv() });
  }
  let server: Ctxhub | undefined;
  try {
    server = await startCtxhub(env);
    await runSuite(server, database ? 'PostgreSQL' : 'PGlite');
  } finally {
    if (server) {
      server.proc.kill('SIGTERM');
      const { proc } = server;
      await waitFor(() => (proc.exitCode === null && proc.signalCode === null ? undefined : true), 15_000);
    }
    await database
      ?.drop()
      .catch((err: Error) => console.log(`could not drop the conformance database: ${err.message}`));
  }
}

try {
  await main();
  clearTimeout(overall);
  finish(0);
} catch (err) {
  console.log(`CRASH  ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  finish(1);
}
