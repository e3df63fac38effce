import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/index.ts';

/** Directories holding the server's data: only its own user may enter them. */
const PRIVATE_DIR_MODE = 0o700;
/** Files holding the server's data: only its own user may read or write them. */
const PRIVATE_FILE_MODE = 0o600;

/**
 * From now on, files and directories this process creates are its user's alone (umask 077): the
 * audit log, key digests, sealed secrets and uploaded transcripts must not be readable or writable
 * by other users of the machine.
 */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/** The directories only the server's user may enter: the data dir (PGlite's files) and the uploads. */
export const privateDirs = (config: Config): string[] =>
  config.databaseUrl ? [config.importDir] : [config.dataDir, config.importDir];

export interface PrivacyRepair {
  /** Entries whose mode was tightened. */
  repaired: number;
  /** Entries that could not be tightened (not ours, or gone), with the reason. */
  failed: { path: string; reason: string }[];
}

/**
 * Tightens what is already there under each directory: directories to 0700, files to 0600 (symbolic
 * links are left alone and never followed). Needed once for installs made before this rule, and at
 * every start for PGlite, whose first-start image is written with mode 0666 whatever the umask.
 * A directory that does not exist is skipped. At most `maxEntries` entries are visited.
 */
export function repairPrivateModes(dirs: string[], maxEntries = 1_000_000): PrivacyRepair {
  const result: PrivacyRepair = { repaired: 0, failed: [] };
  const pending = [...new Set(dirs)];
  let visited = 0;
  for (let path = pending.pop(); path !== undefined && visited < maxEntries; path = pending.pop()) {
    visited += 1;
    let stat;
    try {
      stat = lstatSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') result.failed.push(problem(path, err));
      continue;
    }
    if (stat.isSymbolicLink() || !(stat.isDirectory() || stat.isFile())) continue;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
        result.repaired += 1;
      } catch (err) {
        result.failed.push(problem(path, err));
      }
    }
    if (stat.isDirectory()) {
      try {
        for (const name of readdirSync(path)) pending.push(join(path, name));
      } catch (err) {
        result.failed.push(problem(path, err));
      }
    }
  }
  return result;
}

const problem = (path: string, err: unknown) => ({
  path,
  reason: (err as NodeJS.ErrnoException).code ?? String(err),
});
