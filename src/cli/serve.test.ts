import { spawn } from 'node:child_process';
import http from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatedSecretsEnv,
  runCli,
  startServer,
  waitFor,
  type ServerProcess,
} from '../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/**
 * The real server as a process: first start, lock, graceful shutdown with a request in flight,
 * and the console key reset. On PostgreSQL (DATABASE_URL set) it runs against a fresh database.
 */
const BIN = fileURLToPath(new URL('../../bin/ctxhub.js', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);
let dataDir: string;
let database: TestDatabase | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-serve-'));
  env = { SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'info' };
  if (onPostgres) {
    database = await createTestDatabase();
    env = { ...env, DATABASE_URL: database.url!, ...generatedSecretsEnv() };
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const linkIn = (text: string) => /(http:\/\/\S+\/v1\/api-keys\/one-time\/\S+)/.exec(text)?.[1];

async function reveal(server: ServerProcess, link: string): Promise<string> {
  const path = new URL(link).pathname;
  const res = await fetch(`${server.baseUrl}${path}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { api_key: string }).api_key;
}

/**
 * Sends the head and half the body of a keep-alive request; returns a function that sends the rest
 * and reads everything the server sends until it closes the connection.
 */
function halfSentRequest(baseUrl: string, key: string, body: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  let answer = '';
  // `Expect: 100-continue`: the server says "100 Continue" once it has the request's headers (the
  // request is then in flight), so the test signals only after that, however busy the machine.
  let seen: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => (seen = resolve));
  socket.on('data', (d) => {
    answer += String(d);
    if (answer.includes('100 Continue\r\n\r\n')) seen();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /v1/users HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      'Expect: 100-continue\r\n\r\n',
  );
  return {
    inFlight: inFlight.then(() => void socket.write(body.slice(0, 10))),
    async finish() {
      socket.write(body.slice(10));
      await closed;
      return answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    },
  };
}

/** Connections a reverse proxy or MCP adapter holds open: one idle after a request, one never used. */
async function idleConnections(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true });
  const res = await new Promise<http.IncomingMessage>((resolve) =>
    http.get(`${baseUrl}/healthz`, { agent }, resolve),
  );
  res.resume();
  await new Promise((resolve) => res.on('end', resolve));
  expect(res.headers.connection).toBe('keep-alive');
  const { hostname, port } = new URL(baseUrl);
  const unused = connect(Number(port), hostname);
  await new Promise((resolve) => unused.once('connect', resolve));
  return () => {
    agent.destroy();
    unused.destroy();
  };
}

const lockFile = () => join(dataDir, 'ctxhub.lock');

describe('ctxhub serve', () => {
  it('boots, prints the first-start link once, finishes in-flight requests on SIGTERM, and resets a lost key', async () => {
    const server = await startServer(env);
    const link = await waitFor(() => linkIn(server.output()));
    expect(link, server.output()).toBeDefined();
    expect(server.output()).toMatch(/sign in to the Admin UI with the key: http:\/\/\S+\/admin\//);
    const key = await reveal(server, link!);
    const me = await fetch(`${server.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { is_admin: boolean } }).user.is_admin).toBe(true);
    expect((await fetch(`${server.baseUrl}${new URL(link!).pathname}`)).status).toBe(410);

    if (!onPostgres) {
      const second = await runCli(['serve'], { ...env, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('in use by another ctxhub process');
    }

    if (!onPostgres) expect(existsSync(lockFile())).toBe(true);
    const dropIdle = await idleConnections(server.baseUrl);
    const inflight = halfSentRequest(server.baseUrl, key, JSON.stringify({ email: 'inflight@example.test' }));
    await inflight.inFlight;
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const answer = await inflight.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    // Idle connections do not hold the shutdown up to its timeout (which exits 1).
    expect(await server.exited).toBe(0);
    dropIdle();
    expect(server.output()).not.toContain('shutdown took too long');
    expect(existsSync(lockFile())).toBe(false);

    const reset = await runCli(['admin', 'reset-key', '--email', 'admin@localhost'], env);
    expect(reset.code, reset.stderr).toBe(0);
    const newLink = linkIn(reset.stdout);
    expect(newLink).toBeDefined();
    // Without SERVICE_PUBLIC_URL the address is a guess from HOST and PORT, and it says so.
    expect(reset.stdout).toContain(
      "The address is this command's HOST and PORT (SERVICE_PUBLIC_URL is not set): if the server runs elsewhere, use its address instead of http://127.0.0.1:8080.",
    );
    const notAdmin = await runCli(['admin', 'reset-key', '--email', 'inflight@example.test'], env);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.stderr).toContain('not a server administrator');

    const again = await startServer(env);
    expect(await waitFor(() => linkIn(again.output()), 500)).toBeUndefined();
    const newKey = await reveal(again, newLink!);
    const old = await fetch(`${again.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(old.status).toBe(401);
    const fresh = await fetch(`${again.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${newKey}` } });
    expect(fresh.status).toBe(200);
    const users = await fetch(`${again.baseUrl}/v1/users`, {
      headers: { authorization: `Bearer ${newKey}` },
    });
    expect(JSON.stringify(await users.json())).toContain('inflight@example.test');
    const dropIdleAgain = await idleConnections(again.baseUrl);
    again.proc.kill('SIGINT');
    expect(await again.exited).toBe(0);
    dropIdleAgain();
    expect(existsSync(lockFile())).toBe(false);
  }, 180_000);

  it('prints the first-start link even when the port is taken, and the link works once the server runs', async () => {
    const freshDir = mkdtempSync(join(tmpdir(), 'ctxhub-serve-taken-'));
    const freshDatabase = onPostgres ? await createTestDatabase() : undefined;
    const freshEnv = {
      ...env,
      SERVICE_DATA_DIR: freshDir,
      ...(freshDatabase ? { DATABASE_URL: freshDatabase.url! } : {}),
    };
    const blocker: Server = await new Promise((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const { port } = blocker.address() as { port: number };
      const failed = await runCli(['serve'], { ...freshEnv, HOST: '127.0.0.1', PORT: String(port) });
      expect(failed.code).toBe(1);
      // One line naming the port and PORT, no stack trace; the data dir is left unlocked.
      expect(failed.stderr.trim().split('\n')).toEqual([
        `ctxhub: port ${port} is already in use on 127.0.0.1 (EADDRINUSE): stop the program using it, or set PORT to a free port`,
      ]);
      expect(existsSync(join(freshDir, 'ctxhub.lock'))).toBe(false);
      expect(failed.stdout).toContain('did not start');
      const link = linkIn(failed.stdout);
      expect(link, failed.stdout).toBeDefined();

      const server = await startServer(freshEnv);
      expect(await waitFor(() => linkIn(server.output()), 500)).toBeUndefined();
      const key = await reveal(server, link!);
      const me = await fetch(`${server.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(me.status).toBe(200);
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      blocker.close();
      await freshDatabase?.close();
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 180_000);

  // Before the fix, a signal in this window killed the process outright: lock left behind, npm
  // start ending by the signal instead of with status 0. The lock exists only on PGlite.
  it.skipIf(onPostgres)(
    'stops gracefully on a signal that arrives while it is still starting',
    async () => {
      const freshDir = mkdtempSync(join(tmpdir(), 'ctxhub-serve-early-'));
      const proc = spawn(process.execPath, [BIN, 'serve'], {
        env: {
          PATH: process.env.PATH ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          SERVICE_DATA_DIR: freshDir,
          // The force timer runs from the signal, through the rest of start-up: on a loaded
          // machine that alone can pass the default 10 s, and this test is about a clean stop.
          SERVICE_SHUTDOWN_TIMEOUT_SECONDS: '60',
        },
      });
      let output = '';
      proc.stdout.on('data', (d) => (output += String(d)));
      proc.stderr.on('data', (d) => (output += String(d)));
      const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
      const kill = setTimeout(() => proc.kill('SIGKILL'), 90_000);
      try {
        const lock = join(freshDir, 'ctxhub.lock');
        // The lock is taken as the database opens, which is well before the server listens.
        expect(await waitFor(() => existsSync(lock) || undefined, 60_000)).toBe(true);
        expect(output).not.toContain('Server listening');
        proc.kill('SIGTERM');
        expect(await exited, output).toBe(0);
        expect(output).toContain('"signal":"SIGTERM"');
        expect(existsSync(lock)).toBe(false);
      } finally {
        clearTimeout(kill);
        proc.kill('SIGKILL');
        rmSync(freshDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('names HOST in one line when the address is not one of this machine', async () => {
    const failed = await runCli(['serve'], { ...env, HOST: '192.0.2.1', PORT: '0' });
    expect(failed.code).toBe(1);
    const lines = failed.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ctxhub: cannot listen on 192\.0\.2\.1:0 \(EADDRNOTAVAIL\).*set HOST/);
    expect(existsSync(lockFile())).toBe(false);
  }, 60_000);

  it('refuses to start with a bad configuration, listing every problem', async () => {
    const result = await runCli(['serve'], {
      SERVICE_DATA_DIR: dataDir,
      PORT: 'x',
      SERVICE_LOG_LEVEL: 'loud',
      DATABASE_URL: 'postgres://h/db',
    });
    expect(result.code).toBe(1);
    for (const name of [
      'PORT',
      'SERVICE_LOG_LEVEL',
      'SERVICE_API_KEY_HASH_SECRET',
      'SERVICE_ONE_TIME_TOKEN_SECRET',
    ]) {
      expect(result.stderr).toContain(name);
    }
  }, 60_000);
});
