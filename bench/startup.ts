import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageIsCurrent } from '../src/platform/db/first-start-image.ts';
import { BENCH_PROJECT, BENCH_WORKSPACE, withSeededServer } from './seed-memories.ts';
import { pgliteServer, type RunningServer } from './server.ts';

/**
 * Start-up times, each command in fresh processes as a user runs it:
 *
 * - the client commands a session start runs: `ctxhub --help`, `ctxhub --version`, `ctxhub context
 *   --hook` (against a running server, project from SERVICE_PROJECT_KEY) and the MCP adapter's
 *   time to answer `initialize` (`ctxhub mcp`, from spawn to the answer on stdout). Each runs RUNS
 *   times, interleaved, as compiled (bin/ctxhub.js, dist/) and, for the ratio, as the sources
 *   loaded through tsx (`node --import tsx src/cli/index.ts`, how bin/ctxhub.js ran before
 *   dist/ existed); `node -e 0` is Node's own start, the floor. Target: `--help` and the hook
 *   <= 250 ms at p50 on an idle machine.
 * - the server (PGlite): SERVER_ROUNDS first starts on a fresh data dir (a copy of the first-start
 *   image the build made, or initdb without one) and restarts on it, from spawn to "Server
 *   listening", with the median of each phase of its debug start-up line. Targets (idle
 *   machine): first start <= 6 s, restart <= 2 s.
 *
 * This machine is shared: compare the ratios more than the absolute times.
 */
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 20);
const SERVER_ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
/** BENCH_STARTUP_TSX=0 skips the runs through tsx. */
const WITH_TSX = process.env.BENCH_STARTUP_TSX !== '0';
const CLIENT_TARGET_MS = 250;
const FIRST_START_TARGET_MS = 6_000;
const RESTART_TARGET_MS = 2_000;

const BIN = fileURLToPath(new URL('../bin/ctxhub.js', import.meta.url));
const SOURCE = fileURLToPath(new URL('../src/cli/index.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

type Variant = 'compiled' | 'tsx';
const argvOf = (variant: Variant, args: string[]) =>
  variant === 'compiled' ? [BIN, ...args] : ['--import', TSX, SOURCE, ...args];

const ms = (x: number) => Math.round(x);

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
  return { p50: at(0.5), p95: at(0.95) };
}

interface Spawned {
  env: Record<string, string>;
  cwd: string;
}

/** Wall time of one process from spawn to its exit (which must be 0). */
function timeRun(argv: string[], { env, cwd }: Spawned): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, argv, { env: { PATH: process.env.PATH ?? '', ...env }, cwd });
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += String(d)));
    proc.stdout.resume();
    const kill = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.on('exit', (code) => {
      clearTimeout(kill);
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${argv.join(' ')} exited with ${code}:\n${stderr}`));
    });
  });
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
})}\n`;

/** Wall time from spawning the stdio adapter to its answer to `initialize` (sent at once). */
function timeInitialize(argv: string[], { env, cwd }: Spawned): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, argv, { env: { PATH: process.env.PATH ?? '', ...env }, cwd });
    let stdout = '';
    let stderr = '';
    let answered: number | undefined;
    proc.stderr.on('data', (d) => (stderr += String(d)));
    proc.stdout.on('data', (d) => {
      stdout += String(d);
      if (answered === undefined && stdout.includes('"id":1')) {
        answered = performance.now() - started;
        proc.stdin.end(); // the adapter exits at the end of its input
      }
    });
    const kill = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.on('exit', () => {
      clearTimeout(kill);
      if (answered !== undefined) resolve(answered);
      else reject(new Error(`ctxhub mcp did not answer initialize:\n${stderr}`));
    });
    proc.stdin.write(INITIALIZE);
  });
}

interface ClientCase {
  name: string;
  args: string[];
  time: (argv: string[], spawned: Spawned) => Promise<number>;
  target?: number;
}

const CLIENT_CASES: ClientCase[] = [
  { name: 'ctxhub --help', args: ['--help'], time: timeRun, target: CLIENT_TARGET_MS },
  { name: 'ctxhub --version', args: ['--version'], time: timeRun },
  { name: 'ctxhub context --hook', args: ['context', '--hook'], time: timeRun, target: CLIENT_TARGET_MS },
  { name: 'ctxhub mcp: initialize answered', args: ['mcp'], time: timeInitialize },
];

async function benchClients(server: RunningServer): Promise<Record<string, unknown>[]> {
  const cwd = mkdtempSync(join(tmpdir(), 'ctxhub-bench-start-')); // not a git repository
  const spawned: Spawned = {
    cwd,
    env: {
      SERVICE_URL: server.baseUrl,
      SERVICE_API_KEY: server.adminKey,
      SERVICE_WORKSPACE_KEY: BENCH_WORKSPACE,
      SERVICE_PROJECT_KEY: BENCH_PROJECT,
    },
  };
  const variants: Variant[] = WITH_TSX ? ['compiled', 'tsx'] : ['compiled'];
  const times = new Map<string, number[]>();
  const record = (key: string, t: number) => times.set(key, [...(times.get(key) ?? []), t]);
  try {
    // Warm-up: the server's first bundle loads its tokenizer; the file cache fills.
    for (const c of CLIENT_CASES) for (const v of variants) await c.time(argvOf(v, c.args), spawned);
    for (let i = 0; i < RUNS; i++) {
      record('node -e 0', await timeRun(['-e', '0'], spawned));
      for (const c of CLIENT_CASES) {
        for (const v of variants) record(`${c.name}|${v}`, await c.time(argvOf(v, c.args), spawned));
      }
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  const floor = percentiles(times.get('node -e 0')!);
  const rows: Record<string, unknown>[] = [
    { command: 'node -e 0 (Node alone)', 'p50 ms': floor.p50, 'p95 ms': floor.p95 },
  ];
  for (const c of CLIENT_CASES) {
    const compiled = percentiles(times.get(`${c.name}|compiled`)!);
    const viaTsx = WITH_TSX ? percentiles(times.get(`${c.name}|tsx`)!) : undefined;
    rows.push({
      command: c.name,
      'p50 ms': compiled.p50,
      'p95 ms': compiled.p95,
      'tsx p50 ms': viaTsx?.p50 ?? '-',
      'tsx p95 ms': viaTsx?.p95 ?? '-',
      'tsx/compiled p50': viaTsx ? Math.round((viaTsx.p50 / compiled.p50) * 10) / 10 : '-',
      target: c.target ? `p50 <= ${c.target} ms: ${compiled.p50 <= c.target ? 'met' : 'MISSED'}` : '',
    });
  }
  return rows;
}

interface ServerStart {
  ms: number;
  phases: Record<string, number>;
}

/** Starts `ctxhub serve` on `dataDir`, times it to "Server listening", reads its start-up line, stops it. */
function timeServerStart(variant: Variant, dataDir: string): Promise<ServerStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, argvOf(variant, ['serve']), {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        SERVICE_DATA_DIR: dataDir,
        SERVICE_LOG_LEVEL: 'debug',
      },
    });
    let out = '';
    let listening: number | undefined;
    let result: ServerStart | undefined;
    proc.stderr.on('data', (d) => (out += String(d)));
    proc.stdout.on('data', (d) => {
      out += String(d);
      if (listening === undefined && out.includes('Server listening at'))
        listening = performance.now() - started;
      const line = /"startup_ms":(\{[^}]*\})/.exec(out);
      if (listening !== undefined && line && !result) {
        result = { ms: listening, phases: JSON.parse(line[1]!) as Record<string, number> };
        proc.kill('SIGTERM');
      }
    });
    const kill = setTimeout(() => proc.kill('SIGKILL'), 120_000);
    proc.on('exit', () => {
      clearTimeout(kill);
      if (result) resolve(result);
      else reject(new Error(`ctxhub serve did not start:\n${out}`));
    });
  });
}

function startRow(label: string, starts: ServerStart[], target: number): Record<string, unknown> {
  const { p50, p95 } = percentiles(starts.map((s) => s.ms));
  const phases = Object.keys(starts[0]!.phases).map(
    (name) => `${name} ${percentiles(starts.map((s) => s.phases[name] ?? 0)).p50}`,
  );
  return {
    start: label,
    'p50 ms': p50,
    'p95 ms': p95,
    'phases (median ms)': phases.join(', '),
    target: `p50 <= ${target} ms: ${p50 <= target ? 'met' : 'MISSED'}`,
  };
}

async function benchServerStarts(): Promise<Record<string, unknown>[]> {
  const variants: Variant[] = WITH_TSX ? ['compiled', 'tsx'] : ['compiled'];
  const first = new Map<Variant, ServerStart[]>(variants.map((v) => [v, []]));
  const restart = new Map<Variant, ServerStart[]>(variants.map((v) => [v, []]));
  for (let i = 0; i < SERVER_ROUNDS; i++) {
    for (const v of variants) {
      const dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-start-data-'));
      try {
        first.get(v)!.push(await timeServerStart(v, dataDir));
        restart.get(v)!.push(await timeServerStart(v, dataDir));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  return variants.flatMap((v) => {
    const how = v === 'compiled' ? 'compiled' : 'through tsx';
    return [
      startRow(`first start, ${how}`, first.get(v)!, FIRST_START_TARGET_MS),
      startRow(`restart, ${how}`, restart.get(v)!, RESTART_TARGET_MS),
    ];
  });
}

export async function runStartupBench(): Promise<void> {
  const clients = await withSeededServer('PGlite', pgliteServer, 200, benchClients);
  console.log(
    `\nClient start-up: ${RUNS} fresh processes each, interleaved, from spawn to exit ` +
      '(mcp: to its answer to initialize); compiled = bin/ctxhub.js (dist/), ' +
      'tsx = the TypeScript sources through tsx.\n',
  );
  console.table(clients);
  const starts = await benchServerStarts();
  const image = imageIsCurrent() ? 'a copy of the first-start image' : 'initdb: no current first-start image';
  console.log(
    `\nServer start (PGlite), ${SERVER_ROUNDS} rounds of a first start on a fresh data dir (${image}) ` +
      'and a restart on it, from spawn to "Server listening"; phases from its debug start-up line.\n',
  );
  console.table(starts);
}
