import autocannon from 'autocannon';
import { pgliteServer, postgresServer, type RunningServer } from './server.ts';

/**
 * `npm run bench`: authenticated GET /v1/me with 10 connections for 10 s, on PGlite and on
 * PostgreSQL, each against a real server process. Targets (2-core machine): PostgreSQL >= 3,000
 * req/s with p99 <= 10 ms; PGlite >= 1,200 req/s.
 */
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

interface Row {
  engine: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  target: string;
}

async function measure(server: RunningServer, duration: number) {
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
    const r = await measure(server, DURATION_S);
    const pass =
      r.requests.average >= target.rps && (target.p99 === undefined || r.latency.p99 <= target.p99);
    return {
      engine,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      target: `>= ${target.rps} req/s${target.p99 ? `, p99 <= ${target.p99} ms` : ''}: ${pass ? 'met' : 'MISSED'}`,
    };
  } finally {
    await server.stop();
    server.cleanup();
  }
}

const rows: Row[] = [];
const only = process.env.BENCH_ENGINES?.split(',') ?? ['pglite', 'postgres'];
if (only.includes('pglite')) rows.push(await benchEngine('PGlite', pgliteServer, { rps: 1200 }));
if (only.includes('postgres'))
  rows.push(await benchEngine('PostgreSQL', postgresServer, { rps: 3000, p99: 10 }));

console.log(
  `\nGET /v1/me (authenticated), ${CONNECTIONS} connections, ${DURATION_S} s, server in its own process\n`,
);
console.table(
  rows.map((r) => ({
    engine: r.engine,
    'req/s': r.reqPerSec,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    'non-2xx': r.non2xx,
    target: r.target,
  })),
);
