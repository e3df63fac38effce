import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/cli/api-client.ts';
import { multipartBody } from '../src/cli/multipart-body.ts';
import { generateAgentJsonl } from './generate-transcript.ts';
import { BENCH_PROJECT, BENCH_WORKSPACE } from './seed-memories.ts';
import { pgliteServer, postgresServer, type RunningServer } from './server.ts';

/**
 * Import of a generated agent_jsonl transcript (BENCH_IMPORT_MB, default 100 MB) end to end: upload,
 * parse, extract and commit, each a real API call to a server in its own process, as `ctxhub import`
 * makes them. Reports MB/s over the whole run and the server's peak resident memory (VmHWM).
 * Targets: >= 10 MB/s on PostgreSQL; server RSS never above 500 MB.
 */
const MEGABYTES = Number(process.env.BENCH_IMPORT_MB ?? 100);
const RSS_LIMIT_MB = 500;

interface ImportAnswer {
  id: string;
  status: string;
  stats: Record<string, number>;
}

export interface ImportRow {
  engine: string;
  MB: number;
  'upload s': number;
  'parse s': number;
  'extract s': number;
  'commit s': number;
  'MB/s': number;
  'peak RSS MB': number;
  messages: number;
  memories: number;
  target: string;
}

/** Peak resident set size of a process so far, in MB (Linux /proc). */
function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await run();
  return [value, Math.round(performance.now() - t) / 1000];
}

async function importOnce(
  server: RunningServer,
  file: string,
): Promise<Omit<ImportRow, 'engine' | 'target'>> {
  const client = new ApiClient({ serviceUrl: server.baseUrl, apiKey: server.adminKey });
  await client.json('POST', '/v1/workspaces', { workspace_key: BENCH_WORKSPACE });
  await client.json('POST', `/v1/workspaces/${BENCH_WORKSPACE}/projects`, { key: BENCH_PROJECT });
  const size = statSync(file).size;
  const body = multipartBody(
    [
      ['workspace_key', BENCH_WORKSPACE],
      ['project_key', BENCH_PROJECT],
      ['source', 'agent_jsonl'],
    ],
    { path: file, name: 'bench.jsonl', size },
  );
  const [uploaded, uploadS] = await timed(() =>
    client.stream<ImportAnswer>('/v1/imports', body.contentType, body.length, body.stream),
  );
  const step = (name: string) =>
    timed(async () => {
      const answer = await client.json<ImportAnswer>('POST', `/v1/imports/${uploaded.id}/${name}`);
      if (answer.status === 'failed') throw new Error(`${name} failed: ${JSON.stringify(answer)}`);
      return answer;
    });
  const [parsed, parseS] = await step('parse');
  const [, extractS] = await step('extract');
  const [committed, commitS] = await step('commit');
  const mb = size / 1_000_000;
  const total = uploadS + parseS + extractS + commitS;
  return {
    MB: Math.round(mb),
    'upload s': uploadS,
    'parse s': parseS,
    'extract s': extractS,
    'commit s': commitS,
    'MB/s': Math.round((mb / total) * 10) / 10,
    'peak RSS MB': peakRssMb(server.pid),
    messages: parsed.stats.messages ?? 0,
    memories: committed.stats.memories_created ?? 0,
  };
}

async function benchImport(
  engine: string,
  start: () => Promise<RunningServer & { cleanup(): void }>,
  file: string,
  mbpsTarget: number | null,
): Promise<ImportRow> {
  const server = await start();
  try {
    const row = await importOnce(server, file);
    const pass = row['peak RSS MB'] <= RSS_LIMIT_MB && (mbpsTarget === null || row['MB/s'] >= mbpsTarget);
    const wanted = `${mbpsTarget ? `>= ${mbpsTarget} MB/s, ` : ''}RSS <= ${RSS_LIMIT_MB} MB`;
    return { engine, ...row, target: `${wanted}: ${pass ? 'met' : 'MISSED'}` };
  } finally {
    await server.stop();
    server.cleanup();
  }
}

export async function runImportBench(engines: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-import-'));
  try {
    const file = join(dir, 'bench.jsonl');
    const generated = await generateAgentJsonl(file, MEGABYTES * 1_000_000);
    console.error(`import: generated ${generated.sessions} sessions, ${generated.messages} messages`);
    const rows: ImportRow[] = [];
    // The database exists before the server starts, as on every start but the first: PGlite's
    // one-time initdb peaks near 900 MB by itself, which is not the import's memory.
    const existing = async () => {};
    if (engines.includes('pglite'))
      rows.push(await benchImport('PGlite', () => pgliteServer(existing), file, null));
    if (engines.includes('postgres'))
      rows.push(await benchImport('PostgreSQL', () => postgresServer(existing), file, 10));
    console.log(
      `\nImport of a generated ${MEGABYTES} MB agent_jsonl file: upload, parse, extract and commit ` +
        'through the API, server in its own process; peak RSS is its VmHWM.\n',
    );
    console.table(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
