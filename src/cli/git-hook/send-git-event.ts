import { clipText } from '../../platform/clip-text.ts';
import { clientSession } from '../session/client-session.ts';
import { listed, NoWorkspaceError } from '../session/only-workspace.ts';
import { NoProjectError } from '../session/session-context.ts';
import { appendHookLog } from './hook-log.ts';
import { readCommit, type HookCommit } from './read-commit.ts';
import { runGit } from '../run-git.ts';

export interface SendOptions {
  /** The commit the hook saw at HEAD (default: HEAD now). */
  sha?: string;
  /** The branch the hook saw HEAD on (default: HEAD's now). */
  branch?: string;
}

interface GitEventAnswer {
  id: string;
  workspace_key: string;
  project_key: string;
  duplicate: boolean;
}

/** Per call to the server: the sender runs in the background, but should not linger. */
const CALL_TIMEOUT_MS = 10_000;
/** The longest message POST /v1/git-events takes. */
const MAX_MESSAGE = 4000;

/**
 * `ctxhub git-hook send commit|merge`, which the hooks start in the background: reports the
 * commit to POST /v1/git-events, in the workspace and project `ctxhub context` would find here
 * (SERVICE_WORKSPACE_KEY or the only workspace; the repository's project, or SERVICE_PROJECT_KEY).
 * A `merge` is sent only for a merge commit (two or more parents); a commit with two parents (a
 * merge concluded with `git commit`) is sent as a merge; a detached HEAD sends nothing. Whatever
 * happens is one line of the log in the git directory, and it always exits 0: a failure here
 * must never reach git.
 */
export async function sendGitEventCommand(kind: string, options: SendOptions): Promise<void> {
  let gitDir: string;
  try {
    gitDir = (await runGit(['rev-parse', '--absolute-git-dir'])).trim();
  } catch {
    return; // not in a repository: nowhere to report to
  }
  let what = kind;
  let line: string;
  try {
    if (kind !== 'commit' && kind !== 'merge') throw new Error(`unknown kind ${kind} (commit or merge)`);
    const commit = await readCommit(options);
    what = `${kind} ${commit.sha.slice(0, 7)}${commit.branch ? ` on ${commit.branch}` : ''}`;
    line = `${what}: ${await send(kind, commit)}`;
  } catch (err) {
    line = `${what}: not sent: ${err instanceof Error ? err.message : String(err)}`;
  }
  await appendHookLog(gitDir, line).catch(() => undefined);
}

/** Sends the commit, or says why not; a failure to send throws. */
async function send(hook: 'commit' | 'merge', commit: HookCommit): Promise<string> {
  if (!commit.branch) return 'detached HEAD (a rebase?), nothing sent';
  const merge = commit.parents.length >= 2;
  if (hook === 'merge' && !merge) return 'not a merge commit (a fast-forward), nothing sent';
  const { client, context } = clientSession(async () => process.cwd(), { timeoutMs: CALL_TIMEOUT_MS });
  const at = await context.project({}).catch((err: unknown) => {
    if (err instanceof NoWorkspaceError) {
      throw new Error(
        err.memberOf.length
          ? `No workspace: set SERVICE_WORKSPACE_KEY (yours: ${listed(err.memberOf)})`
          : 'No workspace: you belong to no ctxhub workspace yet',
      );
    }
    if (err instanceof NoProjectError) throw new Error(`${err.reason} (set SERVICE_PROJECT_KEY)`);
    throw err;
  });
  const answer = await client.json<GitEventAnswer>('POST', '/v1/git-events', {
    workspace_key: at.workspace_key,
    project_key: at.project_key,
    kind: merge ? 'merge' : 'commit',
    sha: commit.sha,
    branch: commit.branch,
    ...(commit.message ? { message: clipText(commit.message, MAX_MESSAGE) } : {}),
    ...(commit.committedAt ? { occurred_at: commit.committedAt } : {}),
  });
  const where = `${answer.workspace_key} / ${answer.project_key}`;
  return answer.duplicate
    ? `sent before to ${where} (${answer.id})`
    : `sent${merge && hook === 'commit' ? ' as a merge' : ''} to ${where} (${answer.id})`;
}
