import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeModules, JOBS } from '../src/composition.ts';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config/index.ts';
import type { Ctx } from '../src/platform/context.ts';
import { openPglite } from '../src/platform/db/client.ts';
import type { App } from '../src/platform/http/types.ts';
import { startJobRunner } from '../src/platform/jobs/job-runner.ts';
import { viewOneTimeLink } from '../src/modules/api-keys/view-one-time-link.ts';
import { createProject } from '../src/modules/projects/create-project.ts';
import { bootstrapFirstAdmin } from '../src/modules/users/bootstrap-first-admin.ts';
import { createWorkspace } from '../src/modules/workspaces/create-workspace.ts';

/**
 * An in-process ctxhub on a throwaway PGlite with a settable clock, one workspace and one project:
 * for quality evaluations that inject requests and need memories of different ages.
 */
export interface ScratchApp {
  app: App;
  auth: { authorization: string };
  workspaceKey: string;
  projectKey: string;
  setNow(d: Date): void;
  /** Runs every background job queued so far (Active Work inference ...) and waits for them. */
  runJobs(): Promise<void>;
  close(): Promise<void>;
}

/** A memory of an evaluation corpus: its own id, and how many days before `nowMs` it was written. */
export interface CorpusMemory {
  id: string;
  type: string;
  content: string;
  status?: string;
  subpath?: string;
  age_days: number;
}

const DAY_MS = 86_400_000;

/**
 * Remembers every corpus memory through POST /v1/memories in `projectKey`, each at its age before
 * `nowMs` (the clock is left at `nowMs`). Answers corpus id by memory id.
 */
export async function rememberCorpus(
  s: ScratchApp,
  projectKey: string,
  corpus: CorpusMemory[],
  nowMs: number,
): Promise<Map<string, string>> {
  const corpusIdOf = new Map<string, string>();
  for (const item of corpus) {
    s.setNow(new Date(nowMs - item.age_days * DAY_MS));
    const res = await s.app.inject({
      method: 'POST',
      url: '/v1/memories',
      headers: s.auth,
      payload: {
        workspace_key: s.workspaceKey,
        project_key: projectKey,
        type: item.type,
        content: item.content,
        ...(item.status ? { status: item.status } : {}),
        ...(item.subpath ? { metadata: { subpath: item.subpath } } : {}),
      },
    });
    if (res.statusCode !== 201) throw new Error(`${item.id}: ${res.statusCode} ${res.body}`);
    corpusIdOf.set(res.json<{ id: string }>().id, item.id);
  }
  s.setNow(new Date(nowMs));
  return corpusIdOf;
}

/** `overrides` changes the configuration (an evaluation that calls a model raises its cap). */
export async function scratchApp(overrides: Partial<Config> = {}): Promise<ScratchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-eval-'));
  const database = await openPglite(join(dir, 'db'));
  composeModules();
  await database.migrate();
  let now = new Date();
  const config = testConfig({
    rateLimit: { perKeyPerMinute: 10_000_000, perIpPerMinute: 10_000_000 },
    importDir: join(dir, 'imports'),
    ...overrides,
  });
  const ctx: Ctx = {
    actor: { kind: 'system', name: 'eval' },
    requestId: 'eval',
    db: database.db,
    config,
    now: () => now,
    claims: database.claims,
  };
  const first = await bootstrapFirstAdmin({ ctx });
  const token = first!.url.split('/one-time/')[1]!;
  const { key, plaintext } = await viewOneTimeLink({
    ctx: { ...ctx, actor: { kind: 'anonymous' } },
    input: { token },
  });
  const admin: Ctx = {
    ...ctx,
    actor: {
      kind: 'user',
      userId: key.userId,
      email: first!.email,
      name: null,
      isAdmin: true,
      apiKeyId: key.id,
    },
  };
  const workspaceKey = 'eval';
  const projectKey = 'codehost:acme/billing-api';
  await createWorkspace({ ctx: admin, input: { workspace_key: workspaceKey, name: 'Eval' } });
  await createProject({ ctx: admin, input: { workspace_key: workspaceKey, key: projectKey } });
  const app = await buildApp({
    db: database.db,
    config,
    ping: database.ping,
    claims: database.claims,
    now: () => now,
    logger: false,
  });
  await app.ready();
  return {
    app,
    auth: { authorization: `Bearer ${plaintext}` },
    workspaceKey,
    projectKey,
    setNow: (d) => {
      now = d;
    },
    runJobs: async () => {
      const runner = startJobRunner({
        ctx: { ...ctx, actor: { kind: 'system', name: 'jobs' } },
        jobs: JOBS,
        log: { info() {}, warn() {}, error() {} },
      });
      runner.wake();
      await runner.idle();
      await runner.stop();
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
