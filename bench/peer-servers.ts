import { mkdirSync, writeFileSync } from 'node:fs';
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

/** Its environment: its data directory, and a home of its own (it reads ~/.mcp-memory-keeper). */
const keeperEnv = (dataDir: string) => ({ DATA_DIR: dataDir, HOME: join(dataDir, 'home') });

/**
 * Loads the corpus into a fresh mcp-memory-keeper through its own `context_batch_save` tool (100
 * items a call, one SQLite transaction each; key = the memory's name, value = its content).
 */
export async function loadKeeper(entry: string, dataDir: string, memories: BenchMemory[]): Promise<void> {
  mkdirSync(join(dataDir, 'home'), { recursive: true });
  const mcp = await stdioClient('mcp-memory-keeper', entry, dataDir, keeperEnv(dataDir));
  try {
    for (let i = 0; i < memories.length; i += KEEPER_BATCH) {
      const items = memories.slice(i, i + KEEPER_BATCH).map((m, k) => ({
        key: entityName(i + k),
        value: m.content,
        category: KEEPER_CATEGORY[m.type] ?? 'note',
      }));
      const r = await mcp.call('context_batch_save', { items, updateExisting: false });
      const saved = JSON.parse(textOf(r)) as { succeeded?: number; errors?: unknown[] };
      if (saved.succeeded !== items.length)
        throw new Error(`mcp-memory-keeper context_batch_save: ${JSON.stringify(saved.errors ?? saved)}`);
    }
  } finally {
    await mcp.close();
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
  };
}
