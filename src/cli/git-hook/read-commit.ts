import { CliError } from '../cli-error.ts';
import { runGit } from '../run-git.ts';

/** The commit a hook reports, as git tells it. */
export interface HookCommit {
  sha: string;
  /** The branch HEAD is on; null on a detached HEAD (a rebase, a bisect). */
  branch: string | null;
  /** Its parents' hashes: two or more for a merge commit. */
  parents: string[];
  /** The committer's time, ISO 8601 with its offset (`%cI`). */
  committedAt: string;
  message: string;
}

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * Reads commit `given.sha` (default: HEAD) with git: its parents, committer time and message. The
 * branch is `given.branch`, else the one HEAD is on (`git symbolic-ref`).
 */
export async function readCommit(given: { sha?: string; branch?: string }): Promise<HookCommit> {
  const sha = given.sha ?? (await runGit(['rev-parse', '--verify', 'HEAD'])).trim();
  if (!FULL_SHA.test(sha)) throw new CliError(`${sha} is not a full commit hash`);
  const branch =
    given.branch ??
    ((await runGit(['symbolic-ref', '--short', '-q', 'HEAD']).catch(() => '')).trim() || null);
  const shown = await runGit(['show', '--no-patch', '--format=%P%x00%cI%x00%B', sha]);
  const [parents = '', committedAt = '', ...message] = shown.split('\0');
  return {
    sha: sha.toLowerCase(),
    branch: branch || null,
    parents: parents.split(' ').filter(Boolean),
    committedAt: committedAt.trim(),
    message: message.join('\0').trim(),
  };
}
