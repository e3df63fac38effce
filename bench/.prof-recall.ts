import { sequentialLatencies } from './latency.ts';
import { BENCH_PROJECT, BENCH_QUERIES as queries, BENCH_WORKSPACE, withSeededServer } from './seed-memories.ts';
import { pgliteServer, postgresServer } from './server.ts';
const N = Number(process.env.N ?? 1000);
const engine = process.env.ENGINE ?? 'pglite';
const pathOf = (q?: string) =>
  `/v1/memories?${new URLSearchParams({ workspace_key: BENCH_WORKSPACE, project_key: BENCH_PROJECT, limit: '10', ...(q ? { q } : {}) })}`;
await withSeededServer(engine, engine === 'pglite' ? pgliteServer : postgresServer, N, async (server) => {
  const withQ = queries.map((q) => pathOf(q));
  await sequentialLatencies(server, withQ);
  for (let i = 0; i < Number(process.env.PASSES ?? 5); i++) {
    const q = await sequentialLatencies(server, withQ);
    const n = await sequentialLatencies(server, Array.from({ length: 99 }, () => pathOf()));
    const me = await sequentialLatencies(server, Array.from({ length: 99 }, () => '/v1/me'));
    console.log('q', q, 'newest', n, 'me', me);
  }
});
