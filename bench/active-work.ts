import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { testConfig } from '../src/config/index.ts';
import { applyEvidence } from '../src/modules/active-work/apply-evidence.ts';
import { memoryEvidence } from '../src/modules/active-work/read-evidence.ts';
import { sweepActiveWork } from '../src/modules/active-work/sweep.ts';
import { activeWorkItems } from '../src/modules/active-work/table.ts';
import { workTerms } from '../src/modules/active-work/work-terms.ts';
import { storeMemories } from '../src/modules/memories/store-memories.ts';
import { projects, workspaces } from '../src/modules/tenancy/table.ts';
import type { Ctx } from '../src/platform/context.ts';
import { openPglite, openPostgres } from '../src/platform/db/client.ts';
import type { Database } from '../src/platform/db/database.ts';
import { newId } from '../src/platform/ids.ts';
import { BENCH_PROJECT, BENCH_WORKSPACE, benchMemories, seedMemories } from './seed-memories.ts';

/**
 * Active Work (`BENCH_SUITES=active-work`), in this process on each engine, what the jobs run:
 * (1) inference of BENCH_AW_NEW (200) new work memories into a project of BENCH_MEMORIES (100,000)
 * memories and BENCH_AW_ITEMS (1,000) items: per memory, the time to store it (the request's own
 * write, the same-run reference) and the job's time to read it and apply it; targets p95 of the
 * job under 20 ms. (2) The sweep over BENCH_AW_SWEEP (100,000) items all past their stale days,
 * run after run as the job chain does; target under 10 s.
 */
const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 100_000);
const ITEMS = Number(process.env.BENCH_AW_ITEMS ?? 1000);
const NEW = Number(process.env.BENCH_AW_NEW ?? 200);
const SWEEP = Number(process.env.BENCH_AW_SWEEP ?? 100_000);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const ctxOf = (database: Database): Ctx => ({
  actor: { kind: 'system', name: 'bench' },
  requestId: 'bench',
  db: database.db,
  config: testConfig(),
  now: () => new Date(),
  claims: database.claims,
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) * 10) / 10;
};

/** ITEMS open items in the project, titled and termed like its work memories, with issue keys. */
async function seedItems(ctx: Ctx, workspaceId: string, projectId: string) {
  const now = new Date();
  const rows = [...benchMemories(ITEMS, new Date(Date.UTC(2026, 0, 1)))].map((m, i) => ({
    id: newId('awi'),
    workspaceId,
    projectId,
    title: m.content.slice(0, 200),
    status: 'active' as const,
    closedByHand: false,
    confidence: 0.5,
    confidenceParts: { memory: 0.5 },
    subpath: m.subpath,
    branch: i % 3 === 0 ? `feature/work-${i}` : null,
    issueKeys: [`AW-${i + 1}`],
    terms: workTerms(m.content).slice(0, 60),
    people: [],
    evidenceCount: 1,
    firstEvidenceAt: m.createdAt,
    lastEvidenceAt: m.createdAt,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db.insert(activeWorkItems).values(rows.slice(i, i + 500));
}

async function benchInference(engine: string, database: Database) {
  const ctx = ctxOf(database);
  const [project] = await ctx.db
    .select({ id: projects.id, workspaceId: projects.workspaceId, key: projects.key })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(and(eq(projects.key, BENCH_PROJECT), eq(workspaces.key, BENCH_WORKSPACE)));
  if (!project) throw new Error('no bench project');
  await seedItems(ctx, project.workspaceId, project.id);
  await ctx.db.execute(sql`analyze`);
  const memoryProject = {
    id: project.id,
    key: project.key,
    workspaceId: project.workspaceId,
    workspaceKey: BENCH_WORKSPACE,
  };
  const store: number[] = [];
  const infer: number[] = [];
  const outcomes: Record<string, number> = {};
  let i = 0;
  for (const m of benchMemories(NEW, new Date())) {
    const type = i % 2 === 0 ? 'active_work' : 'activity';
    const content = `${m.content} ${i % 4 === 0 ? `(AW-${1 + ((i * 7) % ITEMS)})` : ''}`.trim();
    const t0 = performance.now();
    const [stored] = await storeMemories({
      ctx,
      input: {
        project: memoryProject,
        drafts: [
          {
            type,
            content: `${content} [new ${i}]`,
            status: 'draft',
            source: 'human',
            metadata: m.subpath ? { subpath: m.subpath } : {},
            evidenceRef: null,
            occurredAt: new Date(),
          },
        ],
      },
    });
    const t1 = performance.now();
    const evidence = stored ? await memoryEvidence(ctx, project.id, stored.row.id) : null;
    const applied = evidence ? await applyEvidence(ctx, project.id, evidence) : { outcome: 'none' };
    const t2 = performance.now();
    store.push(t1 - t0);
    infer.push(t2 - t1);
    outcomes[applied.outcome] = (outcomes[applied.outcome] ?? 0) + 1;
    i++;
  }
  return {
    engine,
    step: `infer ${NEW} memories (${MEMORIES} memories, ${ITEMS} items)`,
    'job p50 ms': pct(infer, 50),
    'job p95 ms': pct(infer, 95),
    'store p50 ms (reference)': pct(store, 50),
    'job/store p50': Math.round((pct(infer, 50) / pct(store, 50)) * 100) / 100,
    result: Object.entries(outcomes)
      .map(([k, v]) => `${v} ${k}`)
      .join(', '),
    target: `p95 < 20 ms: ${pct(infer, 95) < 20 ? 'met' : 'MISSED'}`,
  };
}

async function benchSweep(engine: string, database: Database) {
  const ctx = ctxOf(database);
  const now = new Date();
  const wsId = newId('ws');
  const projectId = newId('prj');
  await ctx.db
    .insert(workspaces)
    .values({ id: wsId, key: 'sweep', name: 'Sweep', createdAt: now, updatedAt: now });
  await ctx.db
    .insert(projects)
    .values({ id: projectId, workspaceId: wsId, key: 'local:repo/sweep', name: 'sweep', createdAt: now });
  await ctx.db.execute(sql`
    insert into active_work_items (id, workspace_id, project_id, title, status, closed_by_hand, confidence,
      confidence_parts, issue_keys, terms, people, evidence_count, first_evidence_at, last_evidence_at, created_at, updated_at)
    select 'awi_SWEEP' || lpad(g::text, 21, '0'), ${wsId}, ${projectId}, 'Sweep item ' || g, 'active', false, 0.5,
      '{"memory":0.5}', '[]', '["sweep"]', '[]', 1, now() - interval '30 days', now() - interval '30 days' - (g || ' seconds')::interval, now(), now()
    from generate_series(1, ${SWEEP}) g`);
  await ctx.db.execute(sql`analyze`);
  const t0 = performance.now();
  let runs = 0;
  let staled = 0;
  for (;;) {
    const r = await sweepActiveWork(ctx);
    runs++;
    staled += r.staled;
    if (!r.more) break;
  }
  const s = (performance.now() - t0) / 1000;
  return {
    engine,
    step: `sweep ${SWEEP} items`,
    seconds: Math.round(s * 10) / 10,
    'items/s': Math.round(staled / s),
    result: `${staled} marked stale in ${runs} runs`,
    target: `< 10 s: ${s < 10 ? 'met' : 'MISSED'}`,
  };
}

async function onEngine(engine: string, open: () => Promise<Database>, done: () => void) {
  const database = await open();
  try {
    await database.migrate();
    const t0 = Date.now();
    await seedMemories(database, MEMORIES);
    console.error(`${engine}: seeded ${MEMORIES} memories in ${Math.round((Date.now() - t0) / 1000)} s`);
    return [await benchInference(engine, database), await benchSweep(engine, database)];
  } finally {
    await database.close();
    done();
  }
}

export async function runActiveWorkBench(only: string[]): Promise<void> {
  const rows: object[] = [];
  if (only.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-aw-'));
    rows.push(
      ...(await onEngine(
        'PGlite',
        () => openPglite(join(dir, 'pglite')),
        () => rmSync(dir, { recursive: true, force: true }),
      )),
    );
  }
  if (only.includes('postgres')) {
    const dir = mkdtempSync(join(tmpdir(), 'ctxhub-bench-aw-pg-'));
    const script = join(ROOT, 'scripts/throwaway-postgres.sh');
    const url = execFileSync(script, ['start', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    rows.push(
      ...(await onEngine(
        'PostgreSQL',
        () => openPostgres(url, 4),
        () => execFileSync(script, ['stop', dir], { stdio: 'inherit' }),
      )),
    );
  }
  console.log(
    '\nActive Work: inference (what one job does per new memory) and the staleness sweep, in this process.',
  );
  console.table(rows);
}
