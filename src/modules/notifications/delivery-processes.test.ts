import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackWebhookFake } from '../../test/fakes/slack-webhook-fake.ts';
import {
  generatedSecretsEnv,
  revealFirstKey,
  startServer,
  type ServerProcess,
} from '../../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * Deliveries across real server processes: one killed (SIGKILL) while its webhook call is in
 * flight delivers after its restart, nothing lost; two processes on one PostgreSQL deliver each
 * message once between them.
 */
let slack: SlackWebhookFake;
const scratch: string[] = [];
beforeAll(async () => {
  slack = await new SlackWebhookFake().listen();
});
afterAll(async () => {
  await slack.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const chatEnv = () => ({
  SERVICE_AUDIT_CHAT_WEBHOOK_URL: slack.url,
  SERVICE_AUDIT_CHAT_ACTION_PREFIXES: 'ci.',
  SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
  SERVICE_LOG_LEVEL: 'info',
});

async function call(server: ServerProcess, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const ciEvent = (workspace: string, sha: string) => ({
  status: 'failure',
  workspace_key: workspace,
  repository: 'acme/api',
  sha,
});

/** The sha each received message names (they are told apart by it). */
const shaOf = (payload: Record<string, unknown>) => /\b([0-9a-f]{7,})\b/.exec(JSON.stringify(payload))?.[1];

const stopped = async (server: ServerProcess) => {
  if (server.proc.exitCode === null) {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
};

describe('deliveries across processes', () => {
  it('a server killed mid-delivery sends the message again after its restart: nothing lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-deliver-kill-'));
    scratch.push(dataDir);
    const env = { SERVICE_DATA_DIR: dataDir, ...chatEnv() };
    slack.reset();
    const first = await startServer(env);
    let second: ServerProcess | undefined;
    try {
      const key = await revealFirstKey(first);
      expect((await call(first, key, 'POST', '/v1/workspaces', { workspace_key: 'killed' })).status).toBe(
        201,
      );
      // The webhook takes the message and holds its answer: the server dies before it comes.
      slack.answerNext({ status: 200, text: 'ok', delayMs: 30_000 });
      expect((await call(first, key, 'POST', '/v1/ci-events', ciEvent('killed', 'abc1234'))).status).toBe(
        201,
      );
      await slack.waitFor(1);
      first.proc.kill('SIGKILL');
      await first.exited;

      second = await startServer(env);
      await slack.waitFor(2, 30_000);
      let items: Array<Record<string, unknown>> = [];
      for (let i = 0; i < 200 && items[0]?.status !== 'delivered'; i += 1) {
        if (i > 0) await new Promise((r) => setTimeout(r, 50));
        items = (await call(second, key, 'GET', '/v1/workspaces/killed/deliveries')).json
          .items as typeof items;
      }
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ status: 'delivered', attempts: 2, answer: 'ok' });
      // The cut-short call and the one that was answered: the same message, no third.
      await new Promise((r) => setTimeout(r, 500));
      expect(slack.received.map((m) => shaOf(m.payload))).toEqual(['abc1234', 'abc1234']);
    } finally {
      await stopped(first);
      if (second) await stopped(second);
    }
  }, 120_000);

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'two server processes on one PostgreSQL deliver each message exactly once between them',
    async () => {
      let database: TestDatabase | undefined;
      const servers: ServerProcess[] = [];
      try {
        database = await createTestDatabase();
        const shared = { DATABASE_URL: database.url ?? '', ...generatedSecretsEnv(), ...chatEnv() };
        for (const name of ['a', 'b']) {
          const dataDir = mkdtempSync(join(tmpdir(), `ctxhub-deliver-${name}-`));
          scratch.push(dataDir);
          servers.push(await startServer({ ...shared, SERVICE_DATA_DIR: dataDir }));
        }
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const key = await revealFirstKey(a);
        expect((await call(a, key, 'POST', '/v1/workspaces', { workspace_key: 'pair' })).status).toBe(201);
        slack.reset();
        const COUNT = 120;
        // Seven hex digits each, all different (a message shows a commit's first seven).
        const shas = Array.from({ length: COUNT }, (_, i) => (0xa000000 + i).toString(16));
        await Promise.all(
          shas.map(async (sha, i) => {
            const res = await call(i % 2 ? a : b, key, 'POST', '/v1/ci-events', ciEvent('pair', sha));
            expect(res.status).toBe(201);
          }),
        );
        await slack.waitFor(COUNT, 60_000);
        await new Promise((r) => setTimeout(r, 1_000));
        const received = slack.received.map((m) => shaOf(m.payload));
        expect(received).toHaveLength(COUNT);
        expect(new Set(received).size).toBe(COUNT);
        const listed = await call(a, key, 'GET', '/v1/workspaces/pair/deliveries?limit=200&status=delivered');
        const items = listed.json.items as Array<{ attempts: number }>;
        expect(items).toHaveLength(COUNT);
        expect(items.every((d) => d.attempts === 1)).toBe(true);
      } finally {
        for (const s of servers) await stopped(s);
        await database?.close();
      }
    },
    180_000,
  );
});
