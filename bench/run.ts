import autocannon from 'autocannon';
import { runBundleBench } from './bundle.ts';
import { runDeliveriesBench } from './deliveries.ts';
import { runCodehostBench } from './codehost.ts';
import { runActiveWorkBench } from './active-work.ts';
import { runImportBench } from './import.ts';
import { runMcpPeersBench } from './mcp-peers.ts';
import { runMcpStdioBench } from './mcp-stdio.ts';
import { runRecallBench } from './recall.ts';
import { runRoutesBench } from './routes.ts';
import { runStartupBench } from './startup.ts';
import { pgliteServer, postgresServer, type RunningServer } from './server.ts';
import { regrowYoungGenerationQuickly } from '../src/platform/young-generation.ts';

/**
 * `npm run bench`: authenticated GET /v1/me with 10 connections, three rounds of 10 s after a
 * warm-up, on PGlite and on PostgreSQL, each against a real server process. Targets (2-core
 * machine): PostgreSQL >= 3,000 req/s with p99 <= 10 ms; PGlite >= 1,200 req/s.
 */
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Row {
  engine: string;
  reqPerSec: number;
  rounds: string;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  target: string;
}

function measure(server: RunningServer, duration: number) {
  return autocannon({
    url: `${server.baseUrl}/v1/me`,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
}

async function benchEngine(
  engine: string,
  start: () => Promise<RunningServer & { cleanup(): void }>,
  target: { rps: number; p99?: number },
): Promise<Row> {
  const server = await start();
  try {
    await measure(server, 2); // warm-up: JIT, pools, caches
    const rounds: autocannon.Result[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await measure(server, DURATION_S));
    // This machine's speed varies from run to run: report the median round, and every round.
    const sorted = [...rounds].sort((a, b) => a.requests.average - b.requests.average);
    const r = sorted[Math.floor(sorted.length / 2)]!;
    const pass =
      r.requests.average >= target.rps && (target.p99 === undefined || r.latency.p99 <= target.p99);
    return {
      engine,
      reqPerSec: Math.round(r.requests.average),
      rounds: sorted.map((x) => Math.round(x.requests.average)).join(' / '),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: rounds.reduce((n, x) => n + x.errors + x.timeouts, 0),
      non2xx: rounds.reduce((n, x) => n + x.non2xx, 0),
      target: `>= ${target.rps} req/s${target.p99 ? `, p99 <= ${target.p99} ms` : ''}: ${pass ? 'met' : 'MISSED'}`,
    };
  } finally {
    await server.stop();
    server.cleanup();
  }
}

// The bench's client waits while servers work, as the server and the adapter wait for clients.
regrowYoungGenerationQuickly();

const rows: Row[] = [];
const only = process.env.BENCH_ENGINES?.split(',') ?? ['pglite', 'postgres'];
const suites = process.env.BENCH_SUITES?.split(',') ?? [
  'me',
  'recall',
  'bundle',
  'import',
  'mcp-stdio',
  'startup',
  'deliveries',
  'mcp-peers',
  'routes',
  'codehost',
  'active-work',
];
if (suites.includes('me')) await runMeBench();
if (suites.includes('recall')) await runRecallBench(only);
if (suites.includes('bundle')) await runBundleBench(only);
if (suites.includes('import')) await runImportBench(only);
if (suites.includes('mcp-stdio')) await runMcpStdioBench(only);
if (suites.includes('startup')) await runStartupBench();
if (suites.includes('deliveries')) await runDeliveriesBench(only);
// PGlite alone unless BENCH_ENGINES names the engines: the peers are the same on both.
if (suites.includes('mcp-peers')) await runMcpPeersBench(process.env.BENCH_ENGINES?.split(',') ?? ['pglite']);
if (suites.includes('routes')) await runRoutesBench(only);
if (suites.includes('codehost')) await runCodehostBench(only);
if (suites.includes('active-work')) await runActiveWorkBench(only);

async function runMeBench(): Promise<void> {
  if (only.includes('pglite')) rows.push(await benchEngine('PGlite', pgliteServer, { rps: 1200 }));
  if (only.includes('postgres'))
    rows.push(await benchEngine('PostgreSQL', postgresServer, { rps: 3000, p99: 10 }));

  console.log(
    `\nGET /v1/me (authenticated), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, ` +
      'server in its own process.\nreq/s, p50 and p99 are those of the median round; "rounds" lists every round.\n',
  );
  console.table(
    rows.map((r) => ({
      engine: r.engine,
      'req/s': r.reqPerSec,
      rounds: r.rounds,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'non-2xx': r.non2xx,
      target: r.target,
    })),
  );
}
