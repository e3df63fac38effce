import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres } from '../src/platform/db/client.ts';
import { type Database } from '../src/platform/db/database.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  adminKey: string;
  /** The server process, for reading its memory use from /proc. */
  pid: number;
  /**
   * CPU seconds the database's own processes have used so far: those of the throwaway
   * PostgreSQL cluster; null where they cannot be read (PGlite runs inside the server process,
   * `BENCH_DATABASE_URL` names a server elsewhere).
   */
  databaseCpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** Where to start a server from: this checkout, or another built one (a baseline). */
export interface ServerOptions {
  /** A checkout with a built dist/ (`npm run build`); this one by default. */
  root?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `ctxhub serve` as its own process (as in production) and takes the first-start key.
 * BENCH_SERVER_NODE_ARGS (space-separated) are given to node before the script, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server.
 */
async function startBenchServer(
  env: Record<string, string>,
  options: ServerOptions,
): Promise<Omit<RunningServer, 'databaseCpuSeconds'>> {
  const port = await freePort();
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const script = join(options.root ?? ROOT, 'bin/ctxhub.js');
  const proc: ChildProcess = spawn(process.execPath, [...nodeArgs, script, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_RATE_LIMIT_PER_KEY_PER_MINUTE: '10000000',
      SERVICE_RATE_LIMIT_PER_IP_PER_MINUTE: '10000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let link: string | undefined;
  while (!link) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    link = /\/v1\/api-keys\/one-time\/\S+/.exec(out)?.[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${baseUrl}${link}`);
  const { api_key: adminKey } = (await res.json()) as { api_key: string };
  return {
    baseUrl,
    adminKey,
    pid: proc.pid!,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** Fills a database before the server starts on it (the server then bootstraps its admin). */
export type Prepare = (database: Database) => Promise<void>;

async function prepared(open: () => Promise<Database>, prepare: Prepare | undefined): Promise<void> {
  if (!prepare) return;
  const database = await open();
  try {
    await database.migrate();
    await prepare(database);
  } finally {
    await database.close();
  }
}

/**
 * An embedded server on a fresh data dir (`env` added to the server's environment). `root` is the
 * checkout whose built `ctxhub` runs (default this one; another one to compare two builds).
 */
export async function pgliteServer(
  prepare?: Prepare,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer & { cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-'));
  await prepared(() => openPglite(join(dir, 'pglite')), prepare);
  const server = await startBenchServer({ SERVICE_DATA_DIR: dir, ...env }, options);
  return {
    ...server,
    databaseCpuSeconds: () => null,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Clock ticks of user and system time of a process, and of its children it has waited for. */
function cpuTicks(pid: number): { own: number; reaped: number; parent: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const n = (i: number) => Number(fields[i]);
    return { own: n(11) + n(12), reaped: n(13) + n(14), parent: n(1) };
  } catch {
    return null; // gone meanwhile
  }
}

/**
 * CPU seconds of a PostgreSQL cluster: its postmaster, every live child (backends, WAL writer,
 * checkpointer, autovacuum) and the children that already ended (counted in the postmaster's
 * waited-for time). Linux /proc, clock ticks of 1/100 s.
 */
function clusterCpuSeconds(dataDir: string): number | null {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const root = cpuTicks(postmaster);
  if (!root) return null;
  let ticks = root.own + root.reaped;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = cpuTicks(Number(entry));
    if (child?.parent === postmaster) ticks += child.own;
  }
  return ticks / 100;
}

/**
 * A server on PostgreSQL: BENCH_DATABASE_URL if given (its database must be empty), else a
 * throwaway cluster started with scripts/throwaway-postgres.sh (installs Debian's PostgreSQL).
 * `root` as for pgliteServer.
 */
export async function postgresServer(
  prepare?: Prepare,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer & { cleanup(): void }> {
  let url = process.env.BENCH_DATABASE_URL;
  let cleanup = () => {};
  let databaseCpuSeconds = (): number | null => null;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-pg-'));
    const script = join(ROOT, 'scripts/throwaway-postgres.sh');
    url = execFileSync(script, ['start', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    cleanup = () => execFileSync(script, ['stop', dir], { stdio: 'inherit' });
    databaseCpuSeconds = () => clusterCpuSeconds(join(dir, 'data'));
  }
  const databaseUrl = url;
  await prepared(() => openPostgres(databaseUrl, 4), prepare);
  const dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-data-')); // uploads land here
  const server = await startBenchServer(
    {
      DATABASE_URL: url,
      SERVICE_DATA_DIR: dataDir,
      SERVICE_API_KEY_HASH_SECRET: randomBytes(32).toString('hex'),
      SERVICE_ONE_TIME_TOKEN_SECRET: randomBytes(32).toString('hex'),
      SERVICE_INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...env,
    },
    options,
  );
  return {
    ...server,
    databaseCpuSeconds,
    cleanup: () => {
      rmSync(dataDir, { recursive: true, force: true });
      cleanup();
    },
  };
}
