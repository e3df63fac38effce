import autocannon from 'autocannon';
import { sequentialLatencies } from './latency.ts';
import {
  BENCH_PROJECT,
  BENCH_QUERIES as queries,
  BENCH_WORKSPACE,
  withSeededServer,
} from './seed-memories.ts';
import { pgliteServer, postgresServer, type Prepare, type RunningServer } from './server.ts';

/**
 * Recall at MEMORIES memories in one project: latency of sequential requests (one connection, so
 * each is measured alone; includes ~0.2 ms of local HTTP) with and without q, then req/s with 10
 * connections cycling through the recall-eval queries. Targets: p95 <= 15 ms; >= 400 req/s on PostgreSQL.
 */
const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

const pathOf = (q?: string) =>
  `/v1/memories?${new URLSearchParams({ workspace_key: BENCH_WORKSPACE, project_key: BENCH_PROJECT, limit: '10', ...(q ? { q } : {}) })}`;

export interface RecallRow {
  engine: string;
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
  rpsTarget: number | null,
): Promise<RecallRow> {
  return withSeededServer(engine, start, MEMORIES, async (server) => {
    const withQ = queries.map((q) => pathOf(q));
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
    const pass = q.p95 <= 15 && (rpsTarget === null || rps >= rpsTarget);
    return {
      engine,
      'q p50 ms': q.p50,
      'q p95 ms': q.p95,
      'newest p50 ms': newest.p50,
      'newest p95 ms': newest.p95,
      'req/s (10 conn, q)': rps,
      non2xx: load.non2xx,
      target: `p95 <= 15 ms${rpsTarget ? `, >= ${rpsTarget} req/s` : ''}: ${pass ? 'met' : 'MISSED'}`,
    };
  });
}

export async function runRecallBench(engines: string[]): Promise<void> {
  const rows: RecallRow[] = [];
  if (engines.includes('pglite')) rows.push(await benchRecall('PGlite', pgliteServer, null));
  if (engines.includes('postgres')) rows.push(await benchRecall('PostgreSQL', postgresServer, 400));
  console.log(
    `\nRecall, ${MEMORIES} memories in one project, ${queries.length} queries of the recall eval. Latency: ` +
      'sequential requests on one connection (3 passes); req/s: 10 connections for ' +
      `${DURATION_S} s, server in its own process.\n`,
  );
  console.table(rows);
}
