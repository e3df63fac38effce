import autocannon from 'autocannon';
import { sequentialLatencies } from './latency.ts';
import { residentMb } from './process-stats.ts';
import {
  BENCH_PROJECT,
  BENCH_QUERIES as queries,
  BENCH_WORKSPACE,
  withSeededServer,
} from './seed-memories.ts';
import { pgliteServer, postgresServer, type Prepare, type RunningServer } from './server.ts';

/**
 * Recall at each size of BENCH_RECALL_SIZES (default BENCH_MEMORIES, 100,000) memories in one
 * project: the first recall (which builds the process's index of the project, ADR 0016) and the
 * server's resident memory before and after it; then latency of sequential requests (one
 * connection, so each is measured alone; includes ~0.2 ms of local HTTP) with and without q, and
 * req/s with 10 connections cycling through the recall-eval queries.
 * Targets at 100k: p95 <= 10 ms on PostgreSQL, <= 15 ms on PGlite; >= 500 req/s on PostgreSQL.
 */
const SIZES = (process.env.BENCH_RECALL_SIZES ?? process.env.BENCH_MEMORIES ?? '100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

const pathOf = (q?: string) =>
  `/v1/memories?${new URLSearchParams({ workspace_key: BENCH_WORKSPACE, project_key: BENCH_PROJECT, limit: '10', ...(q ? { q } : {}) })}`;

export interface RecallRow {
  engine: string;
  memories: number;
  'first recall ms': number;
  'index MB': number;
  'q p50 ms': number;
  'q p95 ms': number;
  'newest p50 ms': number;
  'newest p95 ms': number;
  'req/s (10 conn, q)': number;
  non2xx: number;
  target: string;
}

async function benchRecall(
  engine: string,
  start: (prepare: Prepare) => Promise<RunningServer & { cleanup(): void }>,
  memories: number,
  targets: { p95: number; rps: number | null },
): Promise<RecallRow> {
  return withSeededServer(engine, start, memories, async (server) => {
    const withQ = queries.map((q) => pathOf(q));
    const before = residentMb(server.pid).now;
    const first = await sequentialLatencies(server, [withQ[0]!]);
    const indexMb = residentMb(server.pid).now - before;
    await sequentialLatencies(server, withQ); // warm-up
    const q = await sequentialLatencies(server, [...withQ, ...withQ, ...withQ]);
    const newest = await sequentialLatencies(
      server,
      Array.from({ length: 100 }, () => pathOf()),
    );
    const load = await autocannon({
      url: server.baseUrl,
      connections: 10,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${server.adminKey}` },
      requests: withQ.map((path) => ({ method: 'GET', path })),
    });
    const rps = Math.round(load.requests.average);
    const atTargetSize = memories === 100_000;
    const pass = q.p95 <= targets.p95 && (targets.rps === null || rps >= targets.rps);
    return {
      engine,
      memories,
      'first recall ms': first.p50,
      'index MB': indexMb,
      'q p50 ms': q.p50,
      'q p95 ms': q.p95,
      'newest p50 ms': newest.p50,
      'newest p95 ms': newest.p95,
      'req/s (10 conn, q)': rps,
      non2xx: load.non2xx,
      target: atTargetSize
        ? `p95 <= ${targets.p95} ms${targets.rps ? `, >= ${targets.rps} req/s` : ''}: ${pass ? 'met' : 'MISSED'}`
        : '(targets are set at 100,000)',
    };
  });
}

export async function runRecallBench(engines: string[]): Promise<void> {
  const rows: RecallRow[] = [];
  for (const size of SIZES) {
    if (engines.includes('pglite'))
      rows.push(await benchRecall('PGlite', pgliteServer, size, { p95: 15, rps: null }));
    if (engines.includes('postgres'))
      rows.push(await benchRecall('PostgreSQL', postgresServer, size, { p95: 10, rps: 500 }));
  }
  console.log(
    `\nRecall in one project, ${queries.length} queries of the recall eval. First recall: builds the ` +
      "process's index (index MB: the server's resident memory it added). Latency: sequential requests " +
      `on one connection (3 passes); req/s: 10 connections for ${DURATION_S} s, server in its own process.\n`,
  );
  console.table(rows);
}
