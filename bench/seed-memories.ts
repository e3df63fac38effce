import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../src/platform/db/in-transaction.ts';
import { newId } from '../src/platform/ids.ts';
import { contentHash } from '../src/modules/memories/content-hash.ts';
import { memories } from '../src/modules/memories/table.ts';
import { MEMORY_TYPES, type MemoryType } from '../src/modules/tenancy/memory-vocabulary.ts';
import { projects, workspaces } from '../src/modules/tenancy/table.ts';
import { testConfig } from '../src/config/index.ts';
import type { Prepare, RunningServer } from './server.ts';
import type { Database } from '../src/platform/db/database.ts';

/**
 * Seeds one project with `count` realistic memories straight into the database (before the server
 * starts on it): variations of the recall-eval corpus with other ticket ids, files, services and
 * numbers, spread over two years. Bench-only: it skips the per-memory audit entries of the API.
 */
export const BENCH_WORKSPACE = 'bench';
export const BENCH_PROJECT = 'codehost:acme/billing-api';

interface CorpusItem {
  type: string;
  content: string;
  subpath?: string;
}

const corpus = JSON.parse(
  readFileSync(new URL('../eval/recall/corpus.json', import.meta.url), 'utf8'),
) as CorpusItem[];
const SERVICES = [
  'invoices',
  'payments',
  'ledger',
  'tax',
  'notifications',
  'pdf',
  'auth',
  'search',
  'exports',
  'webhooks',
];
const VERBS = [
  'after the',
  'during the',
  'because of the',
  'to unblock the',
  'while fixing the',
  'as part of the',
];
const NOUNS = [
  'migration',
  'rollout',
  'incident review',
  'load test',
  'audit',
  'refactor',
  'release',
  'spike',
  'on-call week',
];
const SUBPATHS = [
  'services/invoices',
  'services/payments',
  'apps/dashboard',
  'packages/tax',
  'packages/db',
  'infra/k8s',
];

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

/** One memory of the bench corpus, before it is stored anywhere. */
export interface BenchMemory {
  type: MemoryType;
  content: string;
  status: 'draft' | 'confirmed';
  /** The monorepo sub-path in its metadata (half of them have one). */
  subpath: string | null;
  createdAt: Date;
}

/**
 * The bench corpus: `count` memories, always the same for a given `now` (a fixed seed), the first
 * n of a larger count being those of n.
 */
export function* benchMemories(count: number, now: Date): Generator<BenchMemory> {
  const rand = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  for (let i = 0; i < count; i++) {
    const base = pick(corpus);
    const content =
      `${base.content.replace(/\b([A-Z]{2,5})-\d+\b/g, (_, p: string) => `${p}-${100 + Math.floor(rand() * 9000)}`)} ` +
      `(${pick(VERBS)} ${pick(SERVICES)} ${pick(NOUNS)}, #${i})`;
    const createdAt = new Date(now.getTime() - Math.floor(rand() * 730 * 86_400_000));
    yield {
      type: (MEMORY_TYPES as readonly string[]).includes(base.type) ? (base.type as MemoryType) : 'note',
      content,
      status: rand() < 0.3 ? 'confirmed' : 'draft',
      subpath: rand() < 0.5 ? (base.subpath ?? pick(SUBPATHS)) : null,
      createdAt,
    };
  }
}

export async function seedMemories(database: Database, count: number): Promise<void> {
  const db = database.db;
  const now = new Date();
  const wsId = newId('ws');
  const projectId = newId('prj');
  await db
    .insert(workspaces)
    .values({ id: wsId, key: BENCH_WORKSPACE, name: 'Bench', createdAt: now, updatedAt: now });
  await db
    .insert(projects)
    .values({ id: projectId, workspaceId: wsId, key: BENCH_PROJECT, name: 'billing-api', createdAt: now });
  const ctx = {
    actor: { kind: 'system' as const, name: 'bench' },
    requestId: 'bench',
    db,
    config: testConfig(),
    now: () => now,
    claims: database.claims,
  };
  const BATCH = 1000;
  let rows: (typeof memories.$inferInsert)[] = [];
  const flush = async () => {
    const batch = rows;
    rows = [];
    await inTransaction(ctx, async (ctx) => {
      await ctx.db.insert(memories).values(batch);
    });
  };
  for (const m of benchMemories(count, now)) {
    rows.push({
      id: newId('mem'),
      workspaceId: wsId,
      projectId,
      type: m.type,
      content: m.content,
      contentHash: contentHash(m.content),
      status: m.status,
      source: 'import' as const,
      metadata: m.subpath ? { subpath: m.subpath } : {},
      evidenceRef: null,
      createdBy: null,
      version: 1,
      occurredAt: m.createdAt,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    });
    if (rows.length === BATCH) await flush();
  }
  if (rows.length) await flush();
  await db.execute(sql`analyze`);
}

/** The recall-eval queries, as the recall and bundle benchmarks send them. */
export const BENCH_QUERIES = (
  JSON.parse(readFileSync(new URL('../eval/recall/queries.json', import.meta.url), 'utf8')) as { q: string }[]
).map((x) => x.q);

/**
 * Starts a server on a database seeded with `count` memories (timed on stderr), runs `bench`
 * against it, then stops it and removes its data.
 */
export async function withSeededServer<T>(
  engine: string,
  start: (prepare: Prepare) => Promise<RunningServer & { cleanup(): void }>,
  count: number,
  bench: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const t0 = Date.now();
  const server = await start((db) => seedMemories(db, count));
  console.error(
    `${engine}: seeded ${count} memories and started in ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  try {
    return await bench(server);
  } finally {
    await server.stop();
    server.cleanup();
  }
}
