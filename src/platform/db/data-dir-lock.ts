import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/** Locks this process holds: its own PID in a lock file means "held" only if it is listed here. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds `<dataDir>/ctxhub.lock` for the life of the process: two processes on one PGlite data dir
 * silently lose rows, so a second one must fail. A lock left by a dead process (same host, PID
 * gone, or our own PID after a container restart) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = join(dataDir, 'ctxhub.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      // Also on any exit of the process (a shutdown that timed out, a fatal error): the lock
      // means "a running process uses this data dir", which stops being true here.
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder;
      } catch {
        // unreadable: treat as held, below
      }
      const sameHost = holder.host === hostname();
      const previousSelf = holder.pid === process.pid && !heldHere.has(file);
      const stale = sameHost && typeof holder.pid === 'number' && (previousSelf || !isAlive(holder.pid));
      if (!stale) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another ctxhub process` +
            (holder.pid ? ` (pid ${holder.pid} on ${holder.host})` : '') +
            '. Stop it first, or point SERVICE_DATA_DIR elsewhere. Nothing was changed.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}; another process keeps taking it`);
}
