import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/ctxhub.js', import.meta.url));

export interface ServerProcess {
  proc: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `ctxhub <args>` (in `cwd`, default this process's) to completion; resolves with its exit code and output. */
export function runCli(args: string[], env: Record<string, string>, cwd?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const proc = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      ...(cwd ? { cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => (stdout += String(d)));
    proc.stderr.on('data', (d) => (stderr += String(d)));
    const kill = setTimeout(() => proc.kill('SIGKILL'), 90_000);
    proc.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts `ctxhub serve` on a free port and resolves once it listens. It is killed after
 * `lifetimeMs` whatever happens, so a failed run never leaves a server behind.
 */
export function startServer(env: Record<string, string>, lifetimeMs = 120_000): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [BIN, 'serve'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const kill = setTimeout(() => proc.kill('SIGKILL'), lifetimeMs);
  void exited.then(() => clearTimeout(kill));
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      text += String(d);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match) resolve({ proc, baseUrl: match[1]!, output: () => text, exited });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (d) => (text += String(d)));
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${text}`)));
  });
}

/** Polls until `probe` returns a value (bounded), e.g. a line a process prints. */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The three secrets a server on PostgreSQL must be given (embedded mode generates its own). */
export const generatedSecretsEnv = (): Record<string, string> => ({
  SERVICE_API_KEY_HASH_SECRET: randomBytes(32).toString('hex'),
  SERVICE_ONE_TIME_TOKEN_SECRET: randomBytes(32).toString('hex'),
  SERVICE_INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
});

/** The first-start administrator's key: the one-time link the server printed, opened once. */
export async function revealFirstKey(server: ServerProcess, timeoutMs = 30_000): Promise<string> {
  const path = await waitFor(
    () => /http:\/\/\S+(\/v1\/api-keys\/one-time\/\S+)/.exec(server.output())?.[1],
    timeoutMs,
  );
  if (!path) throw new Error(`the server printed no one-time link:\n${server.output()}`);
  const res = await fetch(`${server.baseUrl}${path}`);
  if (res.status !== 200) throw new Error(`the one-time link answered ${res.status}`);
  return ((await res.json()) as { api_key: string }).api_key;
}
