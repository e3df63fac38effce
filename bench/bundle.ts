import { sequentialLatencies } from './latency.ts';
import {
  BENCH_PROJECT,
  BENCH_QUERIES as queries,
  BENCH_WORKSPACE,
  withSeededServer,
} from './seed-memories.ts';
import { pgliteServer, postgresServer, type Prepare, type RunningServer } from './server.ts';

/**
 * The context bundle at MEMORIES memories in one project: latency of sequential requests (one
 * connection) without q, with q (the recall-eval queries) and with q plus a current sub-project,
 * at the default budget. Target: p95 <= 25 ms on both engines.
 */
const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 100_000);
const TARGET_P95_MS = 25;

const pathOf = (extra: Record<string, string> = {}) =>
  `/v1/context/bundle?${new URLSearchParams({ workspace_key: BENCH_WORKSPACE, project_key: BENCH_PROJECT, ...extra })}`;

interface BundleRow {
  engine: string;
  'no q p50 ms': number;
  'no q p95 ms': number;
  'q p50 ms': number;
  'q p95 ms': number;
  'q+subpath p95 ms': number;
  target: string;
}

async function benchBundle(
  engine: string,
  start: (prepare: Prepare) => Promise<RunningServer & { cleanup(): void }>,
): Promise<BundleRow> {
  return withSeededServer(engine, start, MEMORIES, async (server) => {
    const withQ = queries.map((q) => pathOf({ q }));
    await sequentialLatencies(server, [...withQ, pathOf()]); // warm-up
    const plain = await sequentialLatencies(
      server,
      Array.from({ length: 100 }, () => pathOf()),
    );
    const q = await sequentialLatencies(server, [...withQ, ...withQ, ...withQ]);
    const sub = await sequentialLatencies(
      server,
      queries.map((x) => pathOf({ q: x, current_subpath: 'services/invoices' })),
    );
    const pass = Math.max(plain.p95, q.p95, sub.p95) <= TARGET_P95_MS;
    return {
      engine,
      'no q p50 ms': plain.p50,
      'no q p95 ms': plain.p95,
      'q p50 ms': q.p50,
      'q p95 ms': q.p95,
      'q+subpath p95 ms': sub.p95,
      target: `p95 <= ${TARGET_P95_MS} ms: ${pass ? 'met' : 'MISSED'}`,
    };
  });
}

export async function runBundleBench(engines: string[]): Promise<void> {
  const rows: BundleRow[] = [];
  if (engines.includes('pglite')) rows.push(await benchBundle('PGlite', pgliteServer));
  if (engines.includes('postgres')) rows.push(await benchBundle('PostgreSQL', postgresServer));
  console.log(
    `\nContext bundle, ${MEMORIES} memories in one project, default budget. Latency: sequential ` +
      `requests on one connection (no q: 100; q: the ${queries.length} recall-eval queries, 3 passes).\n`,
  );
  console.table(rows);
}
