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
 * Recall's index lives in each process (ADR 0016): a memory written, changed or deleted through one
 * server process must be what the other one recalls right after the write's answer.
 */
const PROJECT = 'codehost:pair/api';
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
  return {
    status: res.status,
    json: (res.status === 204 ? {} : await res.json()) as Record<string, unknown>,
  };
}

const recalled = async (server: ServerProcess, key: string, q: string) => {
  const res = await call(
    server,
    key,
    'GET',
    `/v1/memories?workspace_key=pair&project_key=${encodeURIComponent(PROJECT)}&q=${q}&limit=200`,
  );
  expect(res.status).toBe(200);
  return (res.json.items as Array<{ id: string }>).map((i) => i.id);
};

describe('recall across server processes', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'each process recalls what the other wrote, changed and deleted, right after it answered',
    async () => {
      let database: TestDatabase | undefined;
      const servers: ServerProcess[] = [];
      try {
        database = await createTestDatabase();
        const shared = { DATABASE_URL: database.url ?? '', ...generatedSecretsEnv() };
        for (const name of ['a', 'b']) {
          const dataDir = mkdtempSync(join(tmpdir(), `ctxhub-recall-${name}-`));
          scratch.push(dataDir);
          servers.push(await startServer({ ...shared, SERVICE_DATA_DIR: dataDir }));
        }
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const key = await revealFirstKey(a);
        expect((await call(a, key, 'POST', '/v1/workspaces', { workspace_key: 'pair' })).status).toBe(201);
        expect((await call(a, key, 'POST', '/v1/workspaces/pair/projects', { key: PROJECT })).status).toBe(
          201,
        );
        // Both indexes exist before the writes (the first recall loads them).
        expect(await recalled(a, key, 'kiwi')).toEqual([]);
        expect(await recalled(b, key, 'kiwi')).toEqual([]);
        const written: string[] = [];
        for (let i = 0; i < 30; i++) {
          const [writer, reader] = i % 2 ? [a, b] : [b, a];
          const res = await call(writer, key, 'POST', '/v1/memories', {
            workspace_key: 'pair',
            project_key: PROJECT,
            type: 'note',
            content: `The kiwi orchard row ${i} is watered at dawn`,
          });
          expect(res.status).toBe(201);
          written.push(res.json.id as string);
          expect(new Set(await recalled(reader, key, 'kiwi'))).toEqual(new Set(written));
        }
        const [first, second] = written as [string, string];
        const edit = await call(a, key, 'PATCH', `/v1/memories/${first}`, {
          content: 'The feijoa orchard is watered at dusk',
        });
        expect(edit.status).toBe(200);
        expect(await recalled(b, key, 'feijoa')).toEqual([first]);
        expect(await recalled(b, key, 'kiwi')).not.toContain(first);
        expect((await call(b, key, 'DELETE', `/v1/memories/${second}?workspace_key=pair`)).status).toBe(204);
        expect(await recalled(a, key, 'kiwi')).not.toContain(second);
        expect(await recalled(a, key, 'kiwi')).toHaveLength(28);
      } finally {
        for (const s of servers) {
          if (s.proc.exitCode === null) {
            s.proc.kill('SIGTERM');
            await s.exited;
          }
        }
        await database?.close();
      }
    },
    180_000,
  );
});
