import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config/index.ts';
import type { Ctx } from '../src/platform/context.ts';
import { openPglite } from '../src/platform/db/client.ts';
import type { App } from '../src/platform/http/types.ts';
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
  close(): Promise<void>;
}

export async function scratchApp(): Promise<ScratchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-eval-'));
  const database = await openPglite(join(dir, 'db'));
  await database.migrate();
  let now = new Date();
  const config = testConfig({
    rateLimit: { perKeyPerMinute: 10_000_000, perIpPerMinute: 10_000_000 },
    importDir: join(dir, 'imports'),
  });
  const ctx: Ctx = {
    actor: { kind: 'system', name: 'eval' },
    requestId: 'eval',
    db: database.db,
    config,
    now: () => now,
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
  const app = await buildApp({ db: database.db, config, ping: database.ping, now: () => now, logger: false });
  await app.ready();
  return {
    app,
    auth: { authorization: `Bearer ${plaintext}` },
    workspaceKey,
    projectKey,
    setNow: (d) => {
      now = d;
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
