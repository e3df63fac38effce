import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { BenchMemory } from './seed-memories.ts';

/**
 * The two peer MCP memory servers of the `mcp-peers` suite, each run as its own process behind an
 * MCP SDK stdio client, loaded with the bench corpus and searched through its own search tool:
 * - @modelcontextprotocol/server-memory: a knowledge graph in one JSONL file (MEMORY_FILE_PATH),
 *   which it reads and parses whole on every tool call; `search_nodes` { query } answers every
 *   entity whose name, type or an observation contains the query (case-insensitive), no limit.
 * - mcp-memory-keeper: context items in SQLite (DATA_DIR/context.db, better-sqlite3);
 *   `context_search` { query, limit } is a LIKE '%query%' over keys and values, newest first.
 */

/** One search tool call; the number of results, or an Error if the server answered with one. */
export interface PeerSearch {
  search(q: string): Promise<number>;
  close(): Promise<void>;
  /** The processes that answer it, for reading their CPU time from /proc. */
  pids: number[];
}

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

const textOf = (r: ToolResult) => (r.content ?? []).map((c) => c.text ?? '').join('\n');

async function stdioClient(
  name: string,
  entry: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{
  call(tool: string, args: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
  pid: number | null;
}> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry],
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
  const client = new Client({ name: 'ctxhub-bench', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (e) {
    throw new Error(`${name} did not start: ${(e as Error).message}\n${stderr}`);
  }
  return {
    async call(tool, args) {
      const result = (await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: 120_000,
      })) as ToolResult;
      if (result.isError) throw new Error(`${name} ${tool}: ${textOf(result)}\n${stderr}`);
      return result;
    },
    close: () => client.close(),
    pid: transport.pid,
  };
}

/** server-memory's name for memory `i`: never a substring of a query (queries are words). */
const entityName = (i: number) => `m${String(i).padStart(6, '0')}`;

/**
 * Writes the corpus as server-memory's JSONL file (one entity per memory: its name, the memory's
 * type as entity type, the content as its one observation; the lines its own saveGraph writes).
 */
export function writeServerMemoryFile(file: string, memories: BenchMemory[]): void {
  const lines = memories.map((m, i) =>
    JSON.stringify({ type: 'entity', name: entityName(i), entityType: m.type, observations: [m.content] }),
  );
  writeFileSync(file, lines.join('\n'));
}

export async function startServerMemory(entry: string, file: string, cwd: string): Promise<PeerSearch> {
  const mcp = await stdioClient('server-memory', entry, cwd, { MEMORY_FILE_PATH: file });
  return {
    async search(q) {
      const r = await mcp.call('search_nodes', { query: q });
      const entities = r.structuredContent?.entities;
      if (!Array.isArray(entities))
        throw new Error(`server-memory search_nodes: no entities in ${textOf(r)}`);
      return entities.length;
    },
    close: mcp.close,
    pids: mcp.pid === null ? [] : [mcp.pid],
  };
}

/** mcp-memory-keeper's own categories, for the memory types that have one. */
const KEEPER_CATEGORY: Record<string, string> = {
  decision: 'decision',
  problem: 'error',
  caveat: 'warning',
  constraint: 'warning',
  active_work: 'task',
  activity: 'progress',
};
const KEEPER_BATCH = 100; // the most context_batch_save takes in one call

const keeperItem = (m: BenchMemory, i: number) => ({
  key: entityName(i),
  value: m.content,
  category: KEEPER_CATEGORY[m.type] ?? 'note',
});

/** Its environment: its data directory, and a home of its own (it reads ~/.mcp-memory-keeper). */
const keeperEnv = (dataDir: string) => ({ DATA_DIR: dataDir, HOME: join(dataDir, 'home') });

/** The little of better-sqlite3 (mcp-memory-keeper's own copy) that the load uses. */
interface Sqlite {
  prepare(sql: string): {
    get(...p: unknown[]): unknown;
    all(...p: unknown[]): unknown[];
    run(...p: unknown[]): void;
  };
  exec(sql: string): void;
  close(): void;
}

interface KeeperRow {
  id: string;
  session_id: string;
  value: string;
  priority: string;
  channel: string;
  created_at: string;
  size: number;
  is_private: number;
  metadata: string | null;
}

/**
 * Loads the corpus into a fresh mcp-memory-keeper. Its own process creates its database (schema,
 * migrations, triggers), a session (`context_session_start`) and the first 100 items
 * (`context_batch_save`); the other items are then inserted into its SQLite file with the
 * statement of its batch save and the values its tool wrote for the first ones (priority,
 * channel, privacy, timestamp; size = the value's UTF-8 bytes), one transaction for all. Its
 * triggers run on each insert as on a tool's (change log, per-session sequence number); an index
 * on (session_id, sequence_number) lives only during the load, so its sequence trigger's MAX()
 * does not rescan the session on every insert (through its tool, loading slowed to about 40 items
 * a second by 38,000 items). Not written: the trigram embeddings its tool adds for
 * `context_semantic_search`, which `context_search` does not read. The direct rows are checked
 * against the tool's.
 */
export async function loadKeeper(entry: string, dataDir: string, memories: BenchMemory[]): Promise<void> {
  mkdirSync(join(dataDir, 'home'), { recursive: true });
  const viaTool = memories.slice(0, KEEPER_BATCH).map(keeperItem);
  const mcp = await stdioClient('mcp-memory-keeper', entry, dataDir, keeperEnv(dataDir));
  try {
    await mcp.call('context_session_start', { name: 'ctxhub bench' });
    const saved = JSON.parse(
      textOf(await mcp.call('context_batch_save', { items: viaTool, updateExisting: false })),
    ) as { succeeded?: number; errors?: unknown[] };
    if (saved.succeeded !== viaTool.length)
      throw new Error(`mcp-memory-keeper context_batch_save: ${JSON.stringify(saved.errors ?? saved)}`);
  } finally {
    await mcp.close();
  }

  const Database = createRequire(entry)('better-sqlite3') as new (file: string) => Sqlite;
  const db = new Database(join(dataDir, 'context.db'));
  try {
    const byKey = db.prepare('select * from context_items where key = ?');
    const changesOf = db.prepare(
      'select group_concat(operation) as ops from (select operation from context_changes where item_id = ? order by sequence_id)',
    );
    const ref = byKey.get(viaTool[0]!.key) as KeeperRow;
    if (ref.size !== Buffer.byteLength(ref.value, 'utf8'))
      throw new Error(`mcp-memory-keeper: its size is not the value's UTF-8 bytes (${ref.size})`);
    const insert = db.prepare(`
      insert into context_items (id, session_id, key, value, category, priority, channel,
        created_at, updated_at, size, is_private)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    db.exec('create index bench_load_sequence on context_items(session_id, sequence_number)');
    // One SQLite transaction (a plain begin/commit on the peer's own database).
    db.exec('begin');
    for (let i = KEEPER_BATCH; i < memories.length; i++) {
      const item = keeperItem(memories[i]!, i);
      insert.run(
        randomUUID(),
        ref.session_id,
        item.key,
        item.value,
        item.category,
        ref.priority,
        ref.channel,
        ref.created_at,
        ref.created_at,
        Buffer.byteLength(item.value, 'utf8'),
        ref.is_private,
      );
    }
    db.exec('commit');
    db.exec('drop index bench_load_sequence');

    const counts = db
      .prepare(
        'select count(*) as n, count(distinct sequence_number) as seqs, max(sequence_number) as top from context_items',
      )
      .get() as { n: number; seqs: number; top: number };
    if (counts.n !== memories.length || counts.seqs !== counts.n || counts.top !== counts.n)
      throw new Error(
        `mcp-memory-keeper: loaded ${JSON.stringify(counts)}, expected ${memories.length} items`,
      );
    if (memories.length > KEEPER_BATCH) {
      const direct = byKey.get(entityName(KEEPER_BATCH)) as KeeperRow;
      const shape = (r: KeeperRow) =>
        JSON.stringify([
          r.priority,
          r.channel,
          r.is_private,
          r.metadata,
          (changesOf.get(r.id) as { ops: string }).ops,
        ]);
      if (shape(direct) !== shape(ref))
        throw new Error(
          `mcp-memory-keeper: a row written directly (${shape(direct)}) differs from its tool's (${shape(ref)})`,
        );
    }
  } finally {
    db.close();
  }
}

export async function startKeeper(entry: string, dataDir: string, limit: number): Promise<PeerSearch> {
  const mcp = await stdioClient('mcp-memory-keeper', entry, dataDir, keeperEnv(dataDir));
  return {
    async search(q) {
      const text = textOf(await mcp.call('context_search', { query: q, limit }));
      if (text.startsWith('No results found')) return 0;
      const found = /^Found (\d+) results/.exec(text);
      if (!found)
        throw new Error(`mcp-memory-keeper context_search: unexpected answer ${text.slice(0, 500)}`);
      return Number(found[1]);
    },
    close: mcp.close,
    pids: mcp.pid === null ? [] : [mcp.pid],
  };
}
