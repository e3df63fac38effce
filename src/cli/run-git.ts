import { execFile } from 'node:child_process';

/** A git call that failed: git's own message (its stderr), or why git could not run. */
export class GitFailed extends Error {}

/**
 * Runs `git <args>` (in `cwd`, default the working directory; the environment is the caller's:
 * inside a hook, the GIT_* variables git set for it) and answers its stdout; a failure, or no
 * answer within `timeoutMs`, rejects with GitFailed. The client commands only read refs, config
 * and single commits with it.
 */
export function runGit(args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd: options.cwd, timeout: options.timeoutMs ?? 10_000, windowsHide: true, maxBuffer: 1024 * 1024 },
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
