import autocannon from 'autocannon';
import { SlackWebhookFake } from '../src/test/fakes/slack-webhook-fake.ts';
import { pgliteServer, postgresServer, type RunningServer } from './server.ts';

/**
 * Chat deliveries (`BENCH_SUITES=deliveries`): 1,000 CI events (each one audit entry, one chat
 * message) posted 10 at a time to a real server whose chat webhook is a fake on 127.0.0.1. Reports
 * the delivery throughput and the latency from each entry's write to the webhook call (p50/p95).
 * Then a slow webhook (2 s per message): GET /v1/me throughput while CI events keep coming into a
 * workspace whose chat is that slow webhook, against rounds where they go into a workspace whose
 * webhook answers at once (same server, same requests), alternated. Targets: nothing lost, the slow
 * webhook costs the API nothing measurable (the ratio stays within the rounds' own spread).
 */
const EVENTS = Number(process.env.BENCH_DELIVERY_EVENTS ?? 1000);
const SLOW_ROUNDS = Number(process.env.BENCH_DELIVERY_SLOW_ROUNDS ?? 3);
const ROUND_S = Number(process.env.BENCH_DURATION_SECONDS ?? 8);

async function call(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN) * 10) / 10;

/** The entry's time as the message's Time field gives it. */
function entryTime(payload: Record<string, unknown>): number {
  const blocks = (payload.blocks ?? []) as Array<{ fields?: Array<{ text: string }> }>;
  const time = blocks[2]?.fields?.find((f) => f.text.startsWith('*Time*'))?.text.split('\n')[1];
  return Date.parse(time ?? '');
}

/** Posts `count` CI events into `workspace`, `parallel` at a time; stops early when `until()` says so. */
async function postEvents(
  server: RunningServer,
  workspace: string,
  count: number,
  parallel: number,
  until = () => false,
) {
  let next = 0;
  const worker = async () => {
    while (next < count && !until()) {
      const i = next++;
      await call(server, 'POST', '/v1/ci-events', {
        status: i % 10 === 0 ? 'failure' : 'success',
        workspace_key: workspace,
        repository: 'acme/api',
        branch: 'main',
        sha: (0x1000000 + i).toString(16),
        message: `bench event ${i}`,
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function benchEngine(engine: string, start: typeof pgliteServer) {
  const slack = await new SlackWebhookFake().listen();
  const fast = await new SlackWebhookFake().listen();
  const server = await start(undefined, {
    SERVICE_AUDIT_CHAT_WEBHOOK_URL: slack.url,
    SERVICE_AUDIT_CHAT_ACTION_PREFIXES: 'ci.',
    SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
  });
  try {
    await call(server, 'POST', '/v1/workspaces', { workspace_key: 'bench' });
    await call(server, 'POST', '/v1/workspaces', { workspace_key: 'quiet' });
    // The other workspace's chat goes to a webhook that answers at once: the same work on every
    // request, only the webhook's speed differs.
    await call(server, 'PUT', '/v1/integrations', {
      workspace_key: 'quiet',
      provider: 'chat',
      enabled: true,
      config: { webhook_url: fast.url },
    });
    const started = Date.now();
    await postEvents(server, 'bench', EVENTS, 10);
    const posted = Date.now();
    await slack.waitFor(EVENTS, 300_000);
    const done = Math.max(...slack.received.map((m) => m.at));
    const latencies = slack.received.map((m) => m.at - entryTime(m.payload)).sort((a, b) => a - b);
    const delivery = {
      engine,
      events: EVENTS,
      'posted in s': Math.round((posted - started) / 100) / 10,
      'all delivered in s': Math.round((done - started) / 100) / 10,
      'deliveries/s': Math.round(EVENTS / ((done - started) / 1000)),
      'write→webhook p50 ms': percentile(latencies, 0.5),
      'p95 ms': percentile(latencies, 0.95),
      'max ms': percentile(latencies, 1),
      received: slack.received.length,
    };

    // The slow webhook: every message takes 2 s to answer; events keep coming during each round.
    slack.always = { status: 200, text: 'ok', delayMs: 2_000 };
    const rounds: Array<{ with: number; without: number }> = [];
    for (let r = 0; r < SLOW_ROUNDS; r++) {
      const round: { with: number; without: number } = { with: 0, without: 0 };
      for (const side of ['with', 'without'] as const) {
        let stop = false;
        const load = postEvents(server, side === 'with' ? 'bench' : 'quiet', 1_000_000, 2, () => stop);
        const result = await autocannon({
          url: `${server.baseUrl}/v1/me`,
          connections: 10,
          duration: ROUND_S,
          headers: { authorization: `Bearer ${server.adminKey}` },
        });
        stop = true;
        await load;
        round[side] = Math.round(result.requests.average);
      }
      rounds.push(round);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    const withSlow = median(rounds.map((r) => r.with));
    const without = median(rounds.map((r) => r.without));
    return {
      delivery,
      slow: {
        engine,
        'GET /v1/me req/s, slow webhook busy': withSlow,
        'fast webhook': without,
        ratio: Math.round((withSlow / without) * 100) / 100,
        rounds: rounds.map((r) => `${r.with}/${r.without}`).join(' · '),
      },
    };
  } finally {
    await server.stop();
    server.cleanup();
    await slack.close();
    await fast.close();
  }
}

export async function runDeliveriesBench(engines: string[]): Promise<void> {
  const results = [];
  if (engines.includes('pglite')) results.push(await benchEngine('PGlite', pgliteServer));
  if (engines.includes('postgres')) results.push(await benchEngine('PostgreSQL', postgresServer));
  console.log(
    `\nChat deliveries: ${EVENTS} CI events posted 10 at a time, each one message to a webhook fake ` +
      "(write→webhook: from the audit entry's time to the webhook receiving it).\n",
  );
  console.table(results.map((r) => r.delivery));
  console.log(
    `\nGET /v1/me (10 connections, ${ROUND_S} s rounds) while 2 clients keep posting CI events: into a ` +
      'workspace whose chat webhook takes 2 s per message, or into one whose webhook answers at once; alternated, median of ' +
      `${SLOW_ROUNDS} rounds (with/without per round).\n`,
  );
  console.table(results.map((r) => r.slow));
}
