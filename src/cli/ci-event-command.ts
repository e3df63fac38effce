import { ciVariables, clientEnv } from '../config/client.ts';
import { ApiClient } from './api-client.ts';
import { ciRunFromEnvironment, type CiRun } from './ci-run-environment.ts';
import { CliError } from './cli-error.ts';

export interface CiEventOptions {
  status: string;
  message?: string;
  workspace?: string;
  project?: string;
  repository?: string;
  branch?: string;
  sha?: string;
  workflow?: string;
  job?: string;
  runUrl?: string;
}

interface CiEventAnswer {
  id: string;
  action: string;
  workspace_key: string;
  project_key: string | null;
}

/** A CI step should never wait long on a notification. */
const CALL_TIMEOUT_MS = 15_000;

/**
 * `ctxhub ci-event --status success|failure`: records a CI run's result with POST /v1/ci-events
 * (the audit entry `ci.success` or `ci.failure`, which the workspace's chat rules may forward).
 * The server, key, workspace and project come from SERVICE_URL, SERVICE_API_KEY,
 * SERVICE_WORKSPACE_KEY and SERVICE_PROJECT_KEY; the repository, branch, commit, workflow, job and
 * run URL from the CI's environment (GitHub Actions, GitLab CI) or git. Flags override each.
 */
export async function ciEventCommand(options: CiEventOptions): Promise<void> {
  if (options.status !== 'success' && options.status !== 'failure')
    throw new CliError(`--status must be success or failure, not ${options.status}`);
  const config = clientEnv();
  const workspace = options.workspace ?? config.workspaceKey;
  if (!workspace) throw new CliError('No workspace: set SERVICE_WORKSPACE_KEY or pass --workspace');
  const project = options.project ?? config.projectKey;
  const run: CiRun = {
    ...ciRunFromEnvironment(ciVariables()),
    ...Object.fromEntries(
      Object.entries({
        repository: options.repository,
        branch: options.branch,
        sha: options.sha,
        workflow: options.workflow,
        job: options.job,
        run_url: options.runUrl,
      }).filter(([, v]) => v !== undefined),
    ),
  };
  const client = new ApiClient(config, CALL_TIMEOUT_MS);
  const answer = await client.json<CiEventAnswer>('POST', '/v1/ci-events', {
    status: options.status,
    workspace_key: workspace,
    ...(project ? { project_key: project } : {}),
    ...run,
    ...(options.message ? { message: options.message } : {}),
  });
  const where = answer.project_key ? `${answer.workspace_key} / ${answer.project_key}` : answer.workspace_key;
  const what = [run.repository, run.branch, run.sha?.slice(0, 7)].filter(Boolean).join(' ');
  process.stdout.write(
    `ctxhub: recorded ${answer.action} in ${where}${what ? ` (${what})` : ''}: ${answer.id}\n`,
  );
}
