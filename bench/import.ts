import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/cli/api-client.ts';
import { multipartBody } from '../src/cli/multipart-body.ts';
import { generateAgentJsonl } from './generate-transcript.ts';
import { RequestProbe, type ProbeFigures } from './request-probe.ts';
import { BENCH_PROJECT, BENCH_WORKSPACE } from './seed-memories.ts';
import { cpuSeconds, residentMb } from './process-stats.ts';
import { pgliteServer, postgresServer, type RunningServer } from './server.ts';

/**
 * Import of a generated agent_jsonl transcript (BENCH_IMPORT_MB, default 100 MB) end to end: upload,
 * parse, extract and commit, each a real API call to a server in its own process, as `ctxhub import`
 * makes them. Reports MB/s over the whole run and the server's peak resident memory (VmHWM).
 * Meanwhile another client sends `GET /v1/me` every 20 ms on one keep-alive connection: its
 * latency during each step, beside the same probe on the idle server just before, shows how much
 * a running import delays everyone else.
 * BENCH_IMPORT_PROBE_MS sets the probe's interval; 0 turns it off, to measure the import alone (the
 * probe's requests take the server's time too).
 * CPU time is reported beside wall time, the server's and (on the throwaway PostgreSQL cluster) the
 * database's: on a shared machine it varies far less than wall time.
 * BENCH_BASELINE_ROOT names another checkout, built (`npm run build`): its server imports the same
 * file in the same run, alternating with this one's, BENCH_IMPORT_ROUNDS (1) times each, and every
 * row of this checkout gets its ratio to the baseline's figures of the same round.
 * Targets: >= 10 MB/s on PostgreSQL; server RSS never above 500 MB; the probe's p99 during every
 * step <= 50 ms.
 */
const MEGABYTES = Number(process.env.BENCH_IMPORT_MB ?? 100);
const RSS_LIMIT_MB = 500;
const PROBE_P99_LIMIT_MS = 50;
const IDLE_PROBE_MS = 3_000;
const PROBE_INTERVAL_MS = Number(process.env.BENCH_IMPORT_PROBE_MS ?? 20);
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 1);

interface ImportAnswer {
  id: string;
  status: string;
  stats: Record<string, number>;
}

export interface ImportRow {
  engine: string;
  build: string;
  MB: number;
  'upload s': number;
  'parse s': number;
  'extract s': number;
  'commit s': number;
  'MB/s': number;
  /** MB/s of this build over the baseline's in the same round (baseline rows: 1). */
  'x baseline'?: number;
  'server CPU s': number;
  'db CPU s': number | null;
  'peak RSS MB': number;
  messages: number;
  memories: number;
  target: string;
}

/** Peak resident set size of a process so far, in MB (Linux /proc). */
const peakRssMb = (pid: number): number => residentMb(pid).peak;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await run();
  return [value, Math.round(performance.now() - t) / 1000];
}

/** The probe's figures while one step ran (or on the idle server), beside the idle ones. */
export interface ProbeRow {
  engine: string;
  build: string;
  during: string;
  requests: number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'p99 / idle p99': number;
  'server CPU s': number;
  'db CPU s': number | null;
}

type Step = 'idle' | 'upload' | 'parse' | 'extract' | 'commit';
type StepFigures = ProbeFigures & { cpuS: number; dbCpuS: number | null };

const seconds = (s: number) => Math.round(s * 100) / 100;

/** CPU seconds of the server and of its database since `measure()` was called. */
function cpuSince(server: RunningServer): () => { cpuS: number; dbCpuS: number | null } {
  const cpu = cpuSeconds(server.pid);
  const db = server.databaseCpuSeconds();
  return () => {
    const dbNow = server.databaseCpuSeconds();
    return {
      cpuS: seconds(cpuSeconds(server.pid) - cpu),
      dbCpuS: db === null || dbNow === null ? null : seconds(dbNow - db),
    };
  };
}

async function importOnce(
  server: RunningServer,
  file: string,
  probe: RequestProbe,
): Promise<{
  row: Omit<ImportRow, 'engine' | 'build' | 'target'>;
  probes: Map<Step, StepFigures>;
}> {
  const probes = new Map<Step, StepFigures>();
  const probed = async <T>(step: Step, run: () => Promise<T>): Promise<[T, number]> => {
    const cpu = cpuSince(server);
    probe.start();
    try {
      return await timed(run);
    } finally {
      const figures = await probe.stop();
      probes.set(step, { ...figures, ...cpu() });
    }
  };
  const client = new ApiClient({ serviceUrl: server.baseUrl, apiKey: server.adminKey });
  await client.json('POST', '/v1/workspaces', { workspace_key: BENCH_WORKSPACE });
  await client.json('POST', `/v1/workspaces/${BENCH_WORKSPACE}/projects`, { key: BENCH_PROJECT });
  const size = statSync(file).size;
  const body = multipartBody(
    [
      ['workspace_key', BENCH_WORKSPACE],
      ['project_key', BENCH_PROJECT],
      ['source', 'agent_jsonl'],
    ],
    { path: file, name: 'bench.jsonl', size },
  );
  const idleCpu = cpuSince(server);
  const idle = await probe.idle(IDLE_PROBE_MS);
  probes.set('idle', { ...idle, ...idleCpu() });
  const [uploaded, uploadS] = await probed('upload', () =>
    client.stream<ImportAnswer>('/v1/imports', body.contentType, body.length, body.stream),
  );
  const step = (name: Exclude<Step, 'idle' | 'upload'>) =>
    probed(name, async () => {
      const answer = await client.json<ImportAnswer>('POST', `/v1/imports/${uploaded.id}/${name}`);
      if (answer.status === 'failed') throw new Error(`${name} failed: ${JSON.stringify(answer)}`);
      return answer;
    });
  const [parsed, parseS] = await step('parse');
  const [, extractS] = await step('extract');
  const [committed, commitS] = await step('commit');
  const mb = size / 1_000_000;
  const total = uploadS + parseS + extractS + commitS;
  const steps = [...probes].filter(([step]) => step !== 'idle').map(([, f]) => f);
  const dbCpu = steps.map((f) => f.dbCpuS);
  const sum = (values: number[]) => seconds(values.reduce((a, b) => a + b, 0));
  const row = {
    MB: Math.round(mb),
    'upload s': uploadS,
    'parse s': parseS,
    'extract s': extractS,
    'commit s': commitS,
    'MB/s': Math.round((mb / total) * 10) / 10,
    'server CPU s': sum(steps.map((f) => f.cpuS)),
    'db CPU s': dbCpu.every((c) => c !== null) ? sum(dbCpu) : null,
    'peak RSS MB': peakRssMb(server.pid),
    messages: parsed.stats.messages ?? 0,
    memories: committed.stats.memories_created ?? 0,
  };
  return { row, probes };
}

async function benchImport(
  engine: string,
  build: string,
  start: () => Promise<RunningServer & { cleanup(): void }>,
  file: string,
  mbpsTarget: number | null,
): Promise<{ row: ImportRow; probes: ProbeRow[] }> {
  const server = await start();
  const probe = new RequestProbe(server, PROBE_INTERVAL_MS);
  try {
    const { row, probes } = await importOnce(server, file, probe);
    const idle = probes.get('idle')!;
    const worstP99 = Math.max(...[...probes].filter(([s]) => s !== 'idle').map(([, f]) => f.p99));
    const pass =
      row['peak RSS MB'] <= RSS_LIMIT_MB &&
      (mbpsTarget === null || row['MB/s'] >= mbpsTarget) &&
      worstP99 <= PROBE_P99_LIMIT_MS;
    const wanted =
      `${mbpsTarget ? `>= ${mbpsTarget} MB/s, ` : ''}RSS <= ${RSS_LIMIT_MB} MB` +
      (probe.enabled ? `, probe p99 <= ${PROBE_P99_LIMIT_MS} ms` : '');
    return {
      row: { engine, build, ...row, target: `${wanted}: ${pass ? 'met' : 'MISSED'}` },
      probes: [...probes].map(([during, f]) => ({
        engine,
        build,
        during,
        requests: f.requests,
        'p50 ms': f.p50,
        'p99 ms': f.p99,
        'max ms': f.max,
        'p99 / idle p99': Math.round((f.p99 / Math.max(idle.p99, 0.1)) * 10) / 10,
        'server CPU s': f.cpuS,
        'db CPU s': f.dbCpuS,
      })),
    };
  } finally {
    probe.close();
    await server.stop();
    server.cleanup();
  }
}

export async function runImportBench(engines: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-import-'));
  try {
    const file = join(dir, 'bench.jsonl');
    const generated = await generateAgentJsonl(file, MEGABYTES * 1_000_000);
    console.error(`import: generated ${generated.sessions} sessions, ${generated.messages} messages`);
    const results: { row: ImportRow; probes: ProbeRow[] }[] = [];
    // The database exists before the server starts, as on every start but the first: PGlite's
    // one-time initdb peaks near 900 MB by itself, which is not the import's memory.
    const existing = async () => {};
    const builds: [string, string | undefined][] = BASELINE_ROOT
      ? [
          ['this', undefined],
          ['baseline', BASELINE_ROOT],
        ]
      : [['this', undefined]];
    const engineRuns: [string, string, typeof pgliteServer, number | null][] = [
      ['pglite', 'PGlite', pgliteServer, null],
      ['postgres', 'PostgreSQL', postgresServer, 10],
    ];
    for (const [key, engine, server, target] of engineRuns) {
      if (!engines.includes(key)) continue;
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first, so neither always meets the machine in the same state.
        const order = round % 2 === 0 ? builds : [...builds].reverse();
        const ran: { row: ImportRow; probes: ProbeRow[] }[] = [];
        for (const [build, root] of order) {
          console.error(`import: ${engine}, ${build}, round ${round + 1} of ${ROUNDS}`);
          ran.push(await benchImport(engine, build, () => server(existing, {}, { root }), file, target));
        }
        const base = ran.find((r) => r.row.build === 'baseline')?.row['MB/s'];
        for (const r of ran) if (base) r.row['x baseline'] = Math.round((r.row['MB/s'] / base) * 100) / 100;
        results.push(...ran);
      }
    }
    console.log(
      `\nImport of a generated ${MEGABYTES} MB agent_jsonl file: upload, parse, extract and commit ` +
        'through the API, server in its own process; peak RSS is its VmHWM; CPU s: the server ' +
        'process and the database cluster (PostgreSQL) during the four steps.\n',
    );
    console.table(results.map((r) => r.row));
    console.log(
      `\nGET /v1/me from another client during each step (one keep-alive connection, a request every ${PROBE_INTERVAL_MS} ms; ` +
        `0: no probe), beside the same probe on the idle server for ${IDLE_PROBE_MS / 1000} s before the import,\n` +
        'and the CPU time the server used meanwhile (steadier than wall time on a shared machine).\n',
    );
    console.table(results.flatMap((r) => r.probes));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
