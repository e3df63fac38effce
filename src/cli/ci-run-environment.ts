import { execFileSync } from 'node:child_process';
import type { CiVariables } from '../config/client.ts';

/** What a CI run says about itself, as POST /v1/ci-events takes it (each field optional). */
export interface CiRun {
  repository?: string;
  branch?: string;
  sha?: string;
  workflow?: string;
  job?: string;
  run_url?: string;
}

type Env = CiVariables;

const set = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** Drops the fields nothing filled. */
const defined = (run: Record<string, string | undefined>): CiRun =>
  Object.fromEntries(Object.entries(run).filter(([, v]) => v !== undefined)) as CiRun;

/** GitHub Actions' default environment (GITHUB_ACTIONS=true). */
function githubActions(env: Env): CiRun {
  const server = set(env.GITHUB_SERVER_URL) ?? 'https://github.com';
  const repository = set(env.GITHUB_REPOSITORY);
  const runId = set(env.GITHUB_RUN_ID);
  return defined({
    repository,
    // A pull request's run: its head branch; otherwise the branch or tag that was pushed.
    branch: set(env.GITHUB_HEAD_REF) ?? set(env.GITHUB_REF_NAME),
    sha: set(env.GITHUB_SHA),
    workflow: set(env.GITHUB_WORKFLOW),
    job: set(env.GITHUB_JOB),
    run_url: repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined,
  });
}

/** GitLab CI's predefined variables (GITLAB_CI=true). */
function gitlabCi(env: Env): CiRun {
  return defined({
    repository: set(env.CI_PROJECT_PATH),
    branch: set(env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME) ?? set(env.CI_COMMIT_REF_NAME),
    sha: set(env.CI_COMMIT_SHA),
    workflow:
      set(env.CI_PIPELINE_NAME) ?? (set(env.CI_PIPELINE_ID) ? `pipeline ${env.CI_PIPELINE_ID}` : undefined),
    job: set(env.CI_JOB_NAME),
    run_url: set(env.CI_JOB_URL) ?? set(env.CI_PIPELINE_URL),
  });
}

/** `owner/repo` of a git remote URL in its usual forms (scp-like, https, ssh). */
export function repositoryOfRemote(remote: string): string | undefined {
  const match = /^(?:[a-z+]+:\/\/)?(?:[^@/]+@)?[^:/]+(?::\d+)?[:/](.+?)(?:\.git)?\/?$/i.exec(remote.trim());
  const path = match?.[1]?.replace(/^\/+/, '');
  return path && path.includes('/') ? path : undefined;
}

/** Runs git in the working directory; undefined when it fails (no git, not a repository). */
export type Git = (args: string[]) => string | undefined;

const runGit: Git = (args) => {
  try {
    return set(
      execFileSync('git', args, { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] }),
    );
  } catch {
    return undefined;
  }
};

/** The working copy itself: the commit, the branch and the origin's repository. */
function plainGit(git: Git): CiRun {
  const remote = git(['remote', 'get-url', 'origin']);
  return defined({
    repository: remote ? repositoryOfRemote(remote) : undefined,
    branch: git(['branch', '--show-current']),
    sha: git(['rev-parse', 'HEAD']),
  });
}

/**
 * The run's repository, branch, commit, workflow, job and URL, from the CI's own environment
 * (GitHub Actions, GitLab CI), with plain git filling what the CI left out (or everything, run
 * elsewhere).
 */
export function ciRunFromEnvironment(env: Env, git: Git = runGit): CiRun {
  const fromCi =
    env.GITHUB_ACTIONS === 'true' ? githubActions(env) : env.GITLAB_CI === 'true' ? gitlabCi(env) : {};
  const needsGit = !fromCi.repository || !fromCi.branch || !fromCi.sha;
  return needsGit ? { ...plainGit(git), ...fromCi } : fromCi;
}
