import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/server-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ctxhub-npm-start-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `kill <pid of npm start>`: npm passes SIGTERM and SIGINT on to its child, the shell running the
 * script line; the script must `exec` the server so that the shell is the server and the signal
 * reaches it (else the shell dies and the server runs on).
 */
describe('npm start', () => {
  it.each([
    ['SIGTERM', 'npm'],
    ['SIGINT', 'npm'],
    // Ctrl-C in a terminal: npm and the server both get SIGINT, and npm passes its own on.
    ['SIGINT', 'the whole process group'],
  ] as const)(
    'stops the server gracefully on %s to %s',
    async (signal, to) => {
      // Its own process group, so that the whole tree can be killed if the test fails.
      const npm = spawn('npm', ['start'], {
        cwd: ROOT,
        detached: true,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          SERVICE_DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          SERVICE_LOG_LEVEL: 'info',
        },
      });
      let output = '';
      npm.stdout.on('data', (d) => (output += String(d)));
      npm.stderr.on('data', (d) => (output += String(d)));
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
      let serverPid: number | undefined;
      // Nothing outlives the test, whatever happens (a server the signal missed runs on otherwise).
      const killAll = () => {
        if (alive(-npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
        if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
      };
      const kill = setTimeout(killAll, 150_000);
      try {
        const line = await waitFor(() => /.*"msg":"Server listening at .*/.exec(output)?.[0], 120_000);
        expect(line, output).toBeDefined();
        serverPid = (JSON.parse(line!) as { pid: number }).pid;
        expect(serverPid).not.toBe(npm.pid);

        if (to === 'npm') npm.kill(signal);
        else process.kill(-npm.pid!, signal);
        expect(await exited).toBe(0);
        expect(alive(serverPid)).toBe(false);
        expect(output).toContain(`"signal":"${signal}"`);
        expect(existsSync(join(dataDir, 'ctxhub.lock'))).toBe(false);
      } finally {
        clearTimeout(kill);
        killAll();
      }
    },
    180_000,
  );
});
