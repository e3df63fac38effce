import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  generatedSecretsEnv,
  revealFirstKey,
  startServer,
  type ServerProcess,
} from '../../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * The access cache across two server processes on one PostgreSQL (ADR 0017): a change made
 * through one process reaches what the other keeps through the database's notifications. Both keep
 * entries for 300 s here, so only the notification can make the other process forget in time.
 */
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function call(server: ServerProcess, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Asks until the answer's status is `status` (at most `tries` times, 50 ms apart); answers the last. */
async function statusBecomes(ask: () => Promise<{ status: number }>, status: number, tries = 100) {
  let last = await ask();
  for (let i = 1; i < tries && last.status !== status; i++) {
    await new Promise((r) => setTimeout(r, 50));
    last = await ask();
  }
  return last.status;
}

describe.runIf(Boolean(process.env.DATABASE_URL))('the access cache across processes', () => {
  it('a member removed through one process loses access through the other', async () => {
    let database: TestDatabase | undefined;
    const servers: ServerProcess[] = [];
    try {
      database = await createTestDatabase();
      const shared = {
        DATABASE_URL: database.url ?? '',
        SERVICE_AUTH_CACHE_SECONDS: '300',
        ...generatedSecretsEnv(),
      };
      for (const name of ['a', 'b']) {
        const dataDir = mkdtempSync(join(tmpdir(), `ctxhub-access-${name}-`));
        scratch.push(dataDir);
        servers.push(await startServer({ ...shared, SERVICE_DATA_DIR: dataDir }));
      }
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const admin = await revealFirstKey(a);
      expect((await call(a, admin, 'POST', '/v1/workspaces', { workspace_key: 'pair' })).status).toBe(201);
      const user = await call(a, admin, 'POST', '/v1/users', { email: 'reader@example.test' });
      const userId = user.json.id as string;
      const reset = await call(a, admin, 'POST', `/v1/users/${userId}/api-keys/reset`);
      const link = new URL(reset.json.one_time_url as string).pathname;
      const key = ((await (await fetch(a.baseUrl + link)).json()) as { api_key: string }).api_key;
      const add = await call(a, admin, 'POST', '/v1/workspaces/pair/members', {
        user_id: userId,
        role: 'member',
      });
      expect(add.status).toBe(201);

      // B keeps the member's access (read twice: the second answer comes from what B kept).
      expect((await call(b, key, 'GET', '/v1/workspaces/pair')).status).toBe(200);
      expect((await call(b, key, 'GET', '/v1/workspaces/pair')).status).toBe(200);
      expect((await call(a, admin, 'DELETE', `/v1/workspaces/pair/members/${userId}`)).status).toBe(204);
      expect(await statusBecomes(() => call(b, key, 'GET', '/v1/workspaces/pair'), 404)).toBe(404);

      // And the other way round: added again through B, A (which kept the 404's row) lets them in.
      expect((await call(a, key, 'GET', '/v1/workspaces/pair')).status).toBe(404);
      const again = await call(b, admin, 'POST', '/v1/workspaces/pair/members', {
        user_id: userId,
        role: 'member',
      });
      expect(again.status).toBe(201);
      expect(await statusBecomes(() => call(a, key, 'GET', '/v1/workspaces/pair'), 200)).toBe(200);
    } finally {
      for (const s of servers) {
        if (s.proc.exitCode === null) {
          s.proc.kill('SIGTERM');
          await s.exited;
        }
      }
      await database?.close();
    }
  }, 120_000);
});
