import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'ctxhub-lock-'));
afterEach(() => rmSync(join(dir, 'ctxhub.lock'), { force: true }));

describe('data directory lock', () => {
  it('lets one holder in and refuses a second until released', () => {
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it('takes over a lock left by a process that is gone', () => {
    writeFileSync(join(dir, 'ctxhub.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname() }));
    acquireDataDirLock(dir)();
  });

  it('does not take over a live process on another host', () => {
    writeFileSync(join(dir, 'ctxhub.lock'), JSON.stringify({ pid: 1, host: 'elsewhere' }));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another ctxhub process/);
  });
});
