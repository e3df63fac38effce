import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  BENCH_PROJECT,
  BENCH_QUERIES as queries,
  BENCH_WORKSPACE,
  withSeededServer,
} from './seed-memories.ts';
import { pgliteServer, postgresServer, type Prepare, type RunningServer } from './server.ts';

/**
 * What the stdio adapter (`ctxhub mcp`) adds to a recall: PASSES passes of ROUNDS `recall` tool calls
 * (after a warm-up) through a real `ctxhub mcp` process (SDK StdioClientTransport;
 * SERVICE_WORKSPACE_KEY and SERVICE_PROJECT_KEY set, working directory outside git, so the project
 * resolves once per CONTEXT_TTL_MS) against the same GET /v1/memories sent directly over a
 * keep-alive connection, query for query, alternating which goes first; the median pass (by the p95 difference) is reported. Also: a bare MCP ping (stdio
 * JSON-RPC alone), and the first call of fresh adapters (process start and initialize, then the first
 * recall, which includes the project resolution). Target: the adapter adds <= 5 ms at p50 and p95.
 */
const MEMORIES = Number(process.env.BENCH_MCP_MEMORIES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_MCP_ROUNDS ?? 300);
const PASSES = Number(process.env.BENCH_MCP_PASSES ?? 3);
const WARMUP = 30;
const FRESH_ADAPTERS = 5;
const TARGET_ADDED_MS = 5;
const BIN = fileURLToPath(new URL('../bin/ctxhub.js', import.meta.url));

const ms = (x: number) => Math.round(x * 100) / 100;

export function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
  return { p50: at(0.5), p95: at(0.95) };
}

const median = (xs: number[]) => percentiles(xs).p50;

/** The query string the recall tool sends for `q` (same parameters, same order). */
const recallPath = (q: string) =>
  `/v1/memories?${new URLSearchParams({ workspace_key: BENCH_WORKSPACE, project_key: BENCH_PROJECT, q, limit: '10' })}`;

/** GET over one keep-alive connection (node:http, as the adapter's own client); the item ids. */
function directRecall(server: RunningServer, agent: Agent, q: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = request(server.baseUrl + recallPath(q), {
      agent,
      headers: { accept: 'application/json', authorization: `Bearer ${server.adminKey}` },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) return reject(new Error(`GET /v1/memories: ${res.statusCode} ${text}`));
        resolve((JSON.parse(text) as { items: { id: string }[] }).items.map((m) => m.id));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A fresh `ctxhub mcp` process, connected (initialized), in a directory outside any git repository. */
export async function ctxhubAdapter(server: RunningServer, cwd: string) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      SERVICE_URL: server.baseUrl,
      SERVICE_API_KEY: server.adminKey,
      SERVICE_WORKSPACE_KEY: BENCH_WORKSPACE,
      SERVICE_PROJECT_KEY: BENCH_PROJECT,
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => (stderr += String(d)));
  const client = new Client({ name: 'ctxhub-bench', version: '1.0.0' });
  await client.connect(transport);
  const recall = async (q: string) => {
    const result = (await client.callTool({ name: 'recall', arguments: { q } })) as {
      isError?: boolean;
      structuredContent?: { items: { id: string }[] };
      content: { text: string }[];
    };
    if (result.isError || !result.structuredContent) {
      throw new Error(`recall failed: ${result.content.map((c) => c.text).join('\n')}\n${stderr}`);
    }
    return result.structuredContent.items.map((m) => m.id);
  };
  return { client, recall, close: () => client.close(), pid: transport.pid };
}

export async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await f();
  return [value, performance.now() - t];
}

type Adapter = Awaited<ReturnType<typeof ctxhubAdapter>>;

interface PassResult {
  http: { p50: number; p95: number };
  mcp: { p50: number; p95: number };
  added: { p50: number; p95: number };
  pairedP50: number;
  pingP50: number;
}

/**
 * `rounds` rounds, each: one query as a recall tool call and as a direct GET (alternating which
 * goes first, both must find the same memories), then a bare ping.
 */
async function measurePass(
  server: RunningServer,
  agent: Agent,
  mcp: Adapter,
  rounds: number,
): Promise<PassResult> {
  const viaMcp: number[] = [];
  const direct: number[] = [];
  const pings: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const q = queries[i % queries.length]!;
    const mcpCall = () => timed(() => mcp.recall(q));
    const httpCall = () => timed(() => directRecall(server, agent, q));
    let viaMcpRun: [string[], number];
    let directRun: [string[], number];
    if (i % 2 === 0) {
      viaMcpRun = await mcpCall();
      directRun = await httpCall();
    } else {
      directRun = await httpCall();
      viaMcpRun = await mcpCall();
    }
    if (viaMcpRun[0].join() !== directRun[0].join())
      throw new Error(`"${q}": the two paths found other memories`);
    viaMcp.push(viaMcpRun[1]);
    direct.push(directRun[1]);
    pings.push((await timed(() => mcp.client.ping()))[1]);
  }
  const http = percentiles(direct);
  const m = percentiles(viaMcp);
  return {
    http,
    mcp: m,
    added: { p50: ms(m.p50 - http.p50), p95: ms(m.p95 - http.p95) },
    pairedP50: percentiles(viaMcp.map((t, k) => t - direct[k]!)).p50,
    pingP50: percentiles(pings).p50,
  };
}

export interface McpStdioRow {
  engine: string;
  'http p50 ms': number;
  'http p95 ms': number;
  'mcp p50 ms': number;
  'mcp p95 ms': number;
  'added p50 ms': number;
  'added p95 ms': number;
  'added p95, passes': string;
  'added paired p50 ms': number;
  'mcp/http p50': number;
  'ping p50 ms': number;
  'start+init ms': number;
  'first recall ms': number;
  target: string;
}

async function benchMcpStdio(
  engine: string,
  start: (prepare: Prepare) => Promise<RunningServer & { cleanup(): void }>,
): Promise<McpStdioRow> {
  const cwd = mkdtempSync(join(tmpdir(), 'ctxhub-bench-mcp-')); // not a git repository
  try {
    return await withSeededServer(engine, start, MEMORIES, async (server) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      // First calls: fresh processes, each started, initialized, then one recall (resolution included).
      const startup: number[] = [];
      const first: number[] = [];
      for (let i = 0; i < FRESH_ADAPTERS; i++) {
        const [fresh, startMs] = await timed(() => ctxhubAdapter(server, cwd));
        const [, firstMs] = await timed(() => fresh.recall(queries[i % queries.length]!));
        startup.push(startMs);
        first.push(firstMs);
        await fresh.close();
      }

      const mcp = await ctxhubAdapter(server, cwd);
      try {
        await measurePass(server, agent, mcp, WARMUP);
        const passes: PassResult[] = [];
        for (let i = 0; i < PASSES; i++) passes.push(await measurePass(server, agent, mcp, ROUNDS));
        // This machine's speed varies from run to run: report the median pass, and every pass.
        const sorted = [...passes].sort((a, b) => a.added.p95 - b.added.p95);
        const r = sorted[Math.floor(sorted.length / 2)]!;
        const met = r.added.p50 <= TARGET_ADDED_MS && r.added.p95 <= TARGET_ADDED_MS;
        return {
          engine,
          'http p50 ms': r.http.p50,
          'http p95 ms': r.http.p95,
          'mcp p50 ms': r.mcp.p50,
          'mcp p95 ms': r.mcp.p95,
          'added p50 ms': r.added.p50,
          'added p95 ms': r.added.p95,
          'added p95, passes': sorted.map((x) => x.added.p95).join(' / '),
          'added paired p50 ms': r.pairedP50,
          'mcp/http p50': ms(r.mcp.p50 / r.http.p50),
          'ping p50 ms': r.pingP50,
          'start+init ms': Math.round(median(startup)),
          'first recall ms': ms(median(first)),
          target: `adds <= ${TARGET_ADDED_MS} ms at p50 and p95: ${met ? 'met' : 'MISSED'}`,
        };
      } finally {
        await mcp.close();
        agent.destroy();
      }
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

export async function runMcpStdioBench(engines: string[]): Promise<void> {
  const rows: McpStdioRow[] = [];
  if (engines.includes('pglite')) rows.push(await benchMcpStdio('PGlite', pgliteServer));
  if (engines.includes('postgres')) rows.push(await benchMcpStdio('PostgreSQL', postgresServer));
  console.log(
    `\nrecall through \`ctxhub mcp\` (stdio, SDK client) vs. GET /v1/memories directly (keep-alive), ` +
      `${MEMORIES} memories in one project, ${PASSES} passes of ${ROUNDS} rounds after ${WARMUP} warm-up, ` +
      `the ${queries.length} recall-eval queries, alternating which goes first; figures of the median pass ` +
      '(by added p95). "added" = mcp minus http at the same percentile, ' +
      '"added paired" = the median of each round\'s mcp minus http; ' +
      `"ping" = a bare MCP ping over stdio; "start+init" and "first recall" (project resolution included) ` +
      `are medians over ${FRESH_ADAPTERS} fresh adapter processes.\n`,
  );
  console.table(rows);
}
