import { execFile } from 'node:child_process';

/** A git call that failed: git's own message (its stderr), or why git could not run. */
export class GitFailed extends Error {}

/** What a git call of the hook commands may take: they only read refs, config and one commit. */
const GIT_TIMEOUT_MS = 10_000;

/**
 * Runs `git <args>` in the working directory (the environment is the caller's: inside a hook, the
 * GIT_* variables git set for it) and answers its stdout; a failure rejects with GitFailed.
 */
export function runGit(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { timeout: GIT_TIMEOUT_MS, windowsHide: true, maxBuffer: 1024 * 1024 },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const code = (err as NodeJS.ErrnoException).code;
        reject(
          new GitFailed(
            code === 'ENOENT' ? 'git is not installed (or not on PATH)' : stderr.trim() || err.message,
          ),
        );
      },
    );
  });
}
