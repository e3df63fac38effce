import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ctxhubAdapter, percentiles, timed } from './mcp-stdio.ts';
import { installPeers, PEER_CACHE, PEER_PACKAGES, type InstalledPeers } from './peer-install.ts';
import { peerQueries, type PeerQueries } from './peer-queries.ts';
import {
  loadKeeper,
  startKeeper,
  startServerMemory,
  writeServerMemoryFile,
  type PeerSearch,
} from './peer-servers.ts';
import { cpuSeconds } from './process-stats.ts';
import { benchMemories, withSeededServer, type BenchMemory } from './seed-memories.ts';
import { pgliteServer, postgresServer, type Prepare, type RunningServer } from './server.ts';

/**
 * ctxhub's MCP `recall` beside two peer MCP memory servers from the npm registry, in one run: for
 * each corpus size (BENCH_PEER_SIZES), the same memories in all three (ctxhub seeded before its
 * server starts; server-memory's JSONL file written directly; mcp-memory-keeper's SQLite file
 * filled as its batch-save tool fills it, see peer-servers.ts), then the same queries through an
 * MCP SDK stdio client into each: `ctxhub mcp` (the compiled adapter before a real server), server-memory's `search_nodes`,
 * mcp-memory-keeper's `context_search`. After a warm-up, the measured queries go in blocks, each
 * block to one server after another (the order rotating, so the machine's drift falls on all
 * alike), the other two idle meanwhile. Every answer must hold results.
 * Targets: ctxhub p50 <= 3 ms at 10,000 memories and >= 4x faster than each peer; <= 5 ms at 100,000.
 */
const SIZES = (process.env.BENCH_PEER_SIZES ?? '1000,10000').split(',').map(Number);
const MEASURED = 200;
/**
 * Warm-up queries (others than the measured ones) each server answers first: a Node.js process
 * compiles its hot code as it runs, and its first hundred or so answers measure the compiler more
 * than the search (ctxhub alone at 10,000 memories: 4.0 ms p50 after 20 warm-up queries, 2.7
 * after 200, 2.4 after 900). All three are Node.js processes and get the same number.
 */
const WARMUP = Number(process.env.BENCH_PEER_WARMUP ?? 200);
/** The measured queries go in this many blocks, each block to one server after another. */
const BLOCKS = 4;
/** ctxhub's recall answers 10 memories by default; mcp-memory-keeper is asked for as many. */
const LIMIT = 10;
/**
 * Before a block, the other servers must be idle: under 1 clock tick (10 ms) of CPU per 100 ms, twice
 * in a row (server-memory collects the garbage of its last parse for a while after answering).
 */
const SETTLE_POLL_MS = 100;
const SETTLE_MAX_MS = 10_000;
const TARGETS: Record<number, { p50: number; faster?: number }> = {
  10_000: { p50: 3, faster: 4 },
  100_000: { p50: 5 },
};

const SERVERS = ['ctxhub', 'server-memory', 'mcp-memory-keeper'] as const;
type ServerName = (typeof SERVERS)[number];

interface Measured {
  memories: number;
  engine: string;
  stats: Record<
    ServerName,
    { p50: number; p95: number; results: number; waitedMs: number; othersCpuMs: number }
  >;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** Waits until `pids` use (almost) no CPU; how long it waited, in ms. */
async function settle(pids: number[]): Promise<number> {
  const start = performance.now();
  let quiet = 0;
  let last = cpuOf(pids);
  while (quiet < 2 && performance.now() - start < SETTLE_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    const now = cpuOf(pids);
    quiet = now - last < 0.01 ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - start;
}

/** The three servers, started on the loaded stores: ctxhub through a fresh `ctxhub mcp`. */
async function startAll(
  server: RunningServer,
  peers: InstalledPeers,
  dirs: { cwd: string; memoryFile: string; keeperDir: string },
): Promise<Record<ServerName, PeerSearch>> {
  const ctxhub = await ctxhubAdapter(server, dirs.cwd);
  const started: Partial<Record<ServerName, PeerSearch>> = {
    ctxhub: {
      search: async (q) => (await ctxhub.recall(q)).length,
      close: ctxhub.close,
      pids: [server.pid, ...(ctxhub.pid === null ? [] : [ctxhub.pid])],
    },
  };
  try {
    started['server-memory'] = await startServerMemory(peers.serverMemory, dirs.memoryFile, dirs.cwd);
    started['mcp-memory-keeper'] = await startKeeper(peers.keeper, dirs.keeperDir, LIMIT);
  } catch (e) {
    await Promise.all(Object.values(started).map((s) => s.close()));
    throw e;
  }
  return started as Record<ServerName, PeerSearch>;
}

/** One search, which must find something (every query is in every store): its count and time. */
async function checkedSearch(name: ServerName, s: PeerSearch, q: string): Promise<[number, number]> {
  const [results, elapsed] = await timed(() => s.search(q));
  if (results === 0) throw new Error(`mcp-peers: ${name} found nothing for "${q}", which is in its store`);
  return [results, elapsed];
}

async function measure(
  engine: string,
  start: (prepare: Prepare) => Promise<RunningServer & { cleanup(): void }>,
  memories: number,
  peers: InstalledPeers,
  dirs: { memoryFile: string; keeperDir: string },
  queries: PeerQueries,
): Promise<Measured> {
  const cwd = mkdtempSync(join(tmpdir(), 'ctxhub-bench-peers-cwd-')); // not a git repository
  try {
    return await withSeededServer(engine, start, memories, async (server) => {
      const servers = await startAll(server, peers, { ...dirs, cwd });
      try {
        for (const q of queries.warmup)
          for (const name of SERVERS) await checkedSearch(name, servers[name], q);
        const times = Object.fromEntries(SERVERS.map((n) => [n, [] as number[]])) as Record<
          ServerName,
          number[]
        >;
        const results = Object.fromEntries(SERVERS.map((n) => [n, [] as number[]])) as Record<
          ServerName,
          number[]
        >;
        const waited = Object.fromEntries(SERVERS.map((n) => [n, 0])) as Record<ServerName, number>;
        const othersCpu = Object.fromEntries(SERVERS.map((n) => [n, 0])) as Record<ServerName, number>;
        // Blocks of queries per server while the other two are idle: a peer's work outlasts its
        // answer (server-memory parses its whole file per query, then collects its garbage), and
        // a query sent to another server right after it would pay for that on two cores.
        const block = Math.ceil(queries.measured.length / BLOCKS);
        for (let b = 0; b < BLOCKS; b++) {
          const slice = queries.measured.slice(b * block, (b + 1) * block);
          for (let j = 0; j < SERVERS.length; j++) {
            const name = SERVERS[(b + j) % SERVERS.length]!;
            const others = SERVERS.filter((n) => n !== name).flatMap((n) => servers[n].pids);
            waited[name] += await settle(others);
            const before = cpuOf(others);
            for (const q of slice) {
              const [found, elapsed] = await checkedSearch(name, servers[name], q);
              times[name].push(elapsed);
              results[name].push(found);
            }
            othersCpu[name] += (cpuOf(others) - before) * 1000;
          }
        }
        const stats = Object.fromEntries(
          SERVERS.map((n) => [
            n,
            {
              ...percentiles(times[n]),
              results: percentiles(results[n]).p50,
              waitedMs: Math.round(waited[n]),
              othersCpuMs: Math.round(othersCpu[n]),
            },
          ]),
        ) as Measured['stats'];
        return { memories, engine, stats };
      } finally {
        await Promise.all(Object.values(servers).map((s) => s.close()));
      }
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;

function targetLines(m: Measured): { memories: number; 'ctxhub on': string; target: string }[] {
  const target = TARGETS[m.memories];
  if (!target) return [];
  const ctxhub = m.stats.ctxhub.p50;
  const lines = [`ctxhub p50 ${ctxhub} ms <= ${target.p50} ms: ${ctxhub <= target.p50 ? 'met' : 'MISSED'}`];
  if (target.faster) {
    for (const peer of ['server-memory', 'mcp-memory-keeper'] as const) {
      const r = ratio(ctxhub, m.stats[peer].p50);
      lines.push(
        `>= ${target.faster}x faster than ${peer} at p50 (ctxhub/${peer} ${r} <= ${ratio(1, target.faster)}): ` +
          `${r <= 1 / target.faster ? 'met' : 'MISSED'}`,
      );
    }
  }
  return lines.map((t) => ({ memories: m.memories, 'ctxhub on': m.engine, target: t }));
}

const ENGINES: Record<string, [string, (prepare: Prepare) => Promise<RunningServer & { cleanup(): void }>]> =
  {
    pglite: ['PGlite', pgliteServer],
    postgres: ['PostgreSQL', postgresServer],
  };

/** Writes server-memory's file and fills mcp-memory-keeper's database; says how long each took. */
async function loadPeers(
  corpus: BenchMemory[],
  peers: InstalledPeers,
  files: { memoryFile: string; keeperDir: string },
): Promise<string> {
  const [, fileMs] = await timed(async () => writeServerMemoryFile(files.memoryFile, corpus));
  const [, keeperMs] = await timed(() => loadKeeper(peers.keeper, files.keeperDir, corpus));
  return (
    `${corpus.length} memories: server-memory file written in ${Math.round(fileMs)} ms, ` +
    `mcp-memory-keeper loaded in ${(keeperMs / 1000).toFixed(1)} s`
  );
}

export async function runMcpPeersBench(engines: string[]): Promise<void> {
  let peers: InstalledPeers;
  try {
    peers = installPeers();
  } catch (e) {
    console.error(`\n${(e as Error).message}`);
    console.log('\nmcp-peers: not run, the peer servers could not be installed (the reason is above).');
    process.exitCode = 1;
    return;
  }
  // The corpus is made again for each size and dropped before measuring: this process is the
  // client of all three servers, and a large heap of its own would slow its own side of every call.
  const now = new Date();
  // Found in the smallest corpus, so in every larger one (it starts with the same memories).
  const queries = peerQueries(
    [...benchMemories(Math.min(...SIZES), now)].map((m) => m.content),
    WARMUP,
    MEASURED,
  );
  const rows: Measured[] = [];
  const loads: string[] = [];
  for (const memories of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-peers-'));
    try {
      const memoryFile = join(dir, 'memory.jsonl');
      const keeperDir = join(dir, 'keeper');
      mkdirSync(keeperDir);
      loads.push(await loadPeers([...benchMemories(memories, now)], peers, { memoryFile, keeperDir }));
      console.error(`mcp-peers: ${loads.at(-1)}`);
      for (const key of engines) {
        const engine = ENGINES[key];
        if (engine)
          rows.push(await measure(engine[0], engine[1], memories, peers, { memoryFile, keeperDir }, queries));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const sortedMatches = [...queries.matches].sort((a, b) => a - b);
  console.log(
    `\nMCP recall beside peer MCP memory servers (${PEER_PACKAGES.serverMemory.name} ` +
      `${PEER_PACKAGES.serverMemory.version}, ${PEER_PACKAGES.keeper.name} ${PEER_PACKAGES.keeper.version}, ` +
      `installed from the npm registry into ${PEER_CACHE}), one MCP SDK stdio client per server.\n` +
      `The same corpus in all three (bench/seed-memories.ts):\n` +
      `- ctxhub: seeded into the database before its server starts; queried through \`ctxhub mcp\` ` +
      `(the compiled adapter) tool \`recall\` { q } (${LIMIT} results by default);\n` +
      `- server-memory: its JSONL file (MEMORY_FILE_PATH) written directly, one entity per memory ` +
      `(its type as entity type, its content as the one observation); tool \`search_nodes\` { query }, ` +
      `which answers every matching entity;\n` +
      `- mcp-memory-keeper: its database, a session and the first 100 items made by its own process ` +
      `and tools (\`context_session_start\`, \`context_batch_save\`), the other items inserted into ` +
      `its SQLite file as its batch save inserts them, its triggers running (its trigram embeddings ` +
      `for semantic search, which \`context_search\` does not read, left out); tool \`context_search\` ` +
      `{ query, limit: ${LIMIT} }, in a process started afresh on the loaded file.\n` +
      `${loads.join('\n')}\n` +
      `${WARMUP} warm-up queries, then ${MEASURED} measured in ${BLOCKS} blocks, each block sent to one ` +
      `server after another (rotating who goes first): words, identifiers and word pairs of the recall-eval queries and ` +
      `corpus, each found verbatim (case-insensitive) in ${sortedMatches[0]} to ${sortedMatches.at(-1)} ` +
      `of the first ${Math.min(...SIZES)} memories (median ${percentiles(sortedMatches).p50}), about as ` +
      `large a share at every size. ` +
      `Before each block the other two servers' processes were left to go idle (under 10 ms of CPU per ` +
      `${SETTLE_POLL_MS} ms twice in a row, at most ${SETTLE_MAX_MS / 1000} s): "others idle after ms" sums ` +
      `those waits over the blocks, "others CPU ms meanwhile" the CPU the other servers' processes used ` +
      `during this server's blocks. ` +
      `Every answer held results. "results" = the median number of results per answer; ` +
      `"ctxhub/this" = ctxhub's p50 over this server's p50.\n`,
  );
  console.table(
    rows.flatMap((m) =>
      SERVERS.map((name) => ({
        memories: m.memories,
        'ctxhub on': m.engine,
        server: name,
        'p50 ms': m.stats[name].p50,
        'p95 ms': m.stats[name].p95,
        results: m.stats[name].results,
        'ctxhub/this p50': ratio(m.stats.ctxhub.p50, m.stats[name].p50),
        'others idle after ms': m.stats[name].waitedMs,
        'others CPU ms meanwhile': m.stats[name].othersCpuMs,
      })),
    ),
  );
  const targets = rows.flatMap(targetLines);
  if (targets.length) console.table(targets);
}
