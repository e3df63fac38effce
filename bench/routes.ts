import { resolve } from 'node:path';
import { leftOutRoutes, prepareRouteCalls, RECALL_LABELS, type RoundCalls } from './route-calls.ts';
import { RouteClient } from './route-client.ts';
import { withSeededServer } from './seed-memories.ts';
import {
  pgliteServer,
  postgresServer,
  type Prepare,
  type RunningServer,
  type ServerOptions,
} from './server.ts';

/**
 * The fixed cost of authenticated reads (`BENCH_SUITES=routes`): BENCH_ROUTES_MEMORIES (1,000)
 * memories in one project, then `GET /v1/me` and every other authenticated read route, sequential
 * on one keep-alive connection, BENCH_ROUTES_ROUNDS (200) rounds after a warm-up. Each round sends
 * every route once, in an order shuffled per round, so the machine's noise falls on all of them
 * alike. Reported per route: p50 and p95, and the p50's difference to `/v1/me` in the same run.
 * Targets: `GET /v1/memories` (newest first, with q, with a q matching nothing) p50 <= 2.5 ms on
 * PostgreSQL and <= 3.5 ms on PGlite; every other route's p50 within 1 ms of `/v1/me`.
 * BENCH_ROUTES_BASELINE names another checkout (built: `npm run build` there): a second server runs
 * its build on an identically seeded database, and every call goes to both, in alternating order.
 */
const MEMORIES = Number(process.env.BENCH_ROUTES_MEMORIES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUTES_ROUNDS ?? 200);
const WARMUP_ROUNDS = 20;
const BASELINE = process.env.BENCH_ROUTES_BASELINE ? resolve(process.env.BENCH_ROUTES_BASELINE) : undefined;
const RECALL_TARGET_MS: Record<string, number> = { PGlite: 3.5, PostgreSQL: 2.5 };
const WITHIN_ME_MS = 1;

type Start = (
  prepare: Prepare,
  env?: Record<string, string>,
  options?: ServerOptions,
) => Promise<RunningServer & { cleanup(): void }>;

interface Target {
  name: string;
  client: RouteClient;
  calls: RoundCalls;
  times: Map<string, number[]>;
}

const ms = (x: number) => Math.round(x * 100) / 100;
const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

function prng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 0x1_0000_0000;
}

async function target(name: string, server: RunningServer): Promise<Target> {
  const client = new RouteClient(server.baseUrl, server.adminKey);
  return { name, client, calls: await prepareRouteCalls(server, client), times: new Map() };
}

/** Rounds of every call in a shuffled order; with two targets each call goes to both, alternating first. */
async function measure(targets: Target[]): Promise<void> {
  const rand = prng(7);
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    const perTarget = targets.map((t) => t.calls(round + WARMUP_ROUNDS));
    const order = perTarget[0]!.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const [n, i] of order.entries()) {
      const first = (round + WARMUP_ROUNDS + n) % targets.length;
      for (let k = 0; k < targets.length; k++) {
        const at = (first + k) % targets.length;
        const t = targets[at]!;
        const call = perTarget[at]![i]!;
        const took = await t.client.time(call);
        if (round < 0) continue;
        let times = t.times.get(call.label);
        if (!times) t.times.set(call.label, (times = []));
        times.push(took);
      }
    }
  }
}

function rows(engine: string, targets: Target[]): Record<string, string | number>[] {
  const stats = targets.map((t) => {
    const byLabel = new Map<string, { p50: number; p95: number }>();
    for (const [label, times] of t.times) {
      const sorted = [...times].sort((a, b) => a - b);
      byLabel.set(label, { p50: ms(at(sorted, 0.5)), p95: ms(at(sorted, 0.95)) });
    }
    return byLabel;
  });
  const [now, base] = stats;
  const me = now!.get('me')!;
  const labels = targets[0]!.calls(0).map((c) => c.label);
  return labels.map((label) => {
    const { p50, p95 } = now!.get(label)!;
    const recall = RECALL_LABELS.includes(label);
    const limit = recall ? RECALL_TARGET_MS[engine]! : me.p50 + WITHIN_ME_MS;
    const row: Record<string, string | number> = {
      engine,
      route: label,
      'p50 ms': p50,
      'p95 ms': p95,
      '− me ms': label === 'me' ? '' : ms(p50 - me.p50),
      '/ me': ms(p50 / me.p50),
    };
    if (base) {
      const b = base.get(label)!;
      row['base p50 ms'] = b.p50;
      row['base − me'] = label === 'me' ? '' : ms(b.p50 - base.get('me')!.p50);
      row['p50 / base'] = ms(p50 / b.p50);
    }
    row.target =
      label === 'me'
        ? ''
        : `${recall ? `<= ${limit} ms` : `<= me + ${WITHIN_ME_MS} ms`}: ${p50 <= limit ? 'met' : 'not met'}`;
    return row;
  });
}

async function benchRoutes(engine: string, start: Start): Promise<Record<string, string | number>[]> {
  return withSeededServer(engine, start, MEMORIES, async (server) => {
    const current = await target('this build', server);
    try {
      if (!BASELINE) {
        await measure([current]);
        return rows(engine, [current]);
      }
      if (engine === 'PostgreSQL' && process.env.BENCH_DATABASE_URL)
        throw new Error('BENCH_ROUTES_BASELINE needs a database per server: unset BENCH_DATABASE_URL');
      return await withSeededServer(
        `${engine} (baseline)`,
        (prepare) => start(prepare, {}, { root: BASELINE }),
        MEMORIES,
        async (baseServer) => {
          const base = await target('baseline', baseServer);
          try {
            await measure([current, base]);
            return rows(engine, [current, base]);
          } finally {
            base.client.close();
          }
        },
      );
    } finally {
      current.client.close();
    }
  });
}

export async function runRoutesBench(engines: string[]): Promise<void> {
  const table: Record<string, string | number>[] = [];
  if (engines.includes('pglite')) table.push(...(await benchRoutes('PGlite', pgliteServer)));
  if (engines.includes('postgres')) table.push(...(await benchRoutes('PostgreSQL', postgresServer)));
  console.log(
    `\nAuthenticated read routes, ${MEMORIES} memories in one project, as the server admin: sequential GETs on one ` +
      `keep-alive connection, ${ROUNDS} rounds (after ${WARMUP_ROUNDS} of warm-up), every route once per round in a ` +
      'shuffled order. "− me" and "/ me": the p50 beside GET /v1/me in the same run.' +
      (BASELINE ? ` "base": the build of ${BASELINE}, called alternately with this one.` : '') +
      `\nLeft out: ${leftOutRoutes()}.\n`,
  );
  console.table(table);
}
