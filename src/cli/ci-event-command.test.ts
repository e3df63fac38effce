import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackWebhookFake } from '../test/fakes/slack-webhook-fake.ts';
import { runCli } from '../test/server-process.ts';
import { createGitRepo, startCliTestServer, unique, type CliTestServer } from './cli-server.fixtures.ts';

/**
 * `ctxhub ci-event` end to end: a real server process whose chat comes from the environment
 * (SERVICE_AUDIT_CHAT_*: CI results only), the command run as a CI job would run it, the audit
 * entry it writes and the message that reaches a Slack webhook fake.
 */
let server: CliTestServer;
let slack: SlackWebhookFake;
const WS = unique('ci');
const PROJECT = 'codehost:acme/api';
const TOKEN = 'ghp_' + 'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8';

beforeAll(async () => {
  slack = await new SlackWebhookFake().listen();
  server = await startCliTestServer('ctxhub-cli-ci-', process.env, {
    SERVICE_AUDIT_CHAT_WEBHOOK_URL: slack.url,
    SERVICE_AUDIT_CHAT_ACTION_PREFIXES: 'ci.',
    SERVICE_AUDIT_CHAT_FORMAT: 'detailed',
    SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
  });
  await server.workspace(WS);
  await server.project(WS, PROJECT);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await slack?.close();
});

const env = (extra: Record<string, string> = {}) => ({
  SERVICE_URL: server.baseUrl,
  SERVICE_API_KEY: server.dev.key,
  SERVICE_WORKSPACE_KEY: WS,
  ...extra,
});

const GITHUB = {
  GITHUB_ACTIONS: 'true',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/api',
  GITHUB_REF_NAME: 'main',
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
  GITHUB_WORKFLOW: 'CI',
  GITHUB_JOB: 'test',
  GITHUB_RUN_ID: '4242',
};

const latestCi = async () => {
  const res = await server.api<{
    items: Array<{ action: string; target: { params: Record<string, unknown> } }>;
  }>('GET', `/v1/audit-logs?workspace_key=${WS}&action_prefix=ci.&limit=1`);
  const entry = res.json.items[0];
  return entry && { action: entry.action, params: entry.target.params };
};

describe('ctxhub ci-event', () => {
  it('records a failure from GitHub Actions, masks the message, and chat says it loud', async () => {
    const run = await runCli(
      ['ci-event', '--status', 'failure', '--message', `unit tests failed; token ${TOKEN}`],
      env({ ...GITHUB, SERVICE_PROJECT_KEY: PROJECT }),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^ctxhub: recorded ci\\.failure in ${WS} / codehost:acme/api \\(acme/api main 0123456\\): aud_`,
      ),
    );
    expect(await latestCi()).toMatchObject({
      action: 'ci.failure',
      params: {
        status: 'failure',
        project_key: PROJECT,
        repository: 'acme/api',
        branch: 'main',
        sha: GITHUB.GITHUB_SHA,
        workflow: 'CI',
        job: 'test',
        run_url: 'https://github.com/acme/api/actions/runs/4242',
        message: expect.stringContaining('[redacted:'),
      },
    });
    const [message] = await slack.waitFor(1);
    const text = JSON.stringify(message?.payload);
    expect(text).toContain('ci.failure');
    expect(text).toContain('*Severity*\\nHigh');
    expect(text).toContain('acme/api');
    expect(text).not.toContain(TOKEN);
  });

  it('records a success from GitLab CI, and from plain git when run elsewhere', async () => {
    slack.reset();
    const gitlab = await runCli(
      ['ci-event', '--status', 'success'],
      env({
        GITLAB_CI: 'true',
        CI_PROJECT_PATH: 'acme/api',
        CI_COMMIT_REF_NAME: 'release',
        CI_COMMIT_SHA: 'abcdef0123456789abcdef0123456789abcdef01',
        CI_JOB_NAME: 'build',
        CI_JOB_URL: 'https://gitlab.example.com/acme/api/-/jobs/7',
      }),
    );
    expect(gitlab.code, gitlab.stderr).toBe(0);
    expect(await latestCi()).toMatchObject({
      action: 'ci.success',
      params: { repository: 'acme/api', branch: 'release', job: 'build' },
    });
    await slack.waitFor(1);
    expect(JSON.stringify(slack.received[0]?.payload)).toContain('*Severity*\\nLow');

    const repo = createGitRepo(server.scratch, 'web', [], process.env.PATH ?? '');
    const local = await runCli(
      ['ci-event', '--status', 'success', '--workflow', 'nightly'],
      env(),
      repo.root,
    );
    expect(local.code, local.stderr).toBe(0);
    const recorded = await latestCi();
    expect(recorded?.params).toMatchObject({ repository: 'acme/web', branch: 'main', workflow: 'nightly' });
    expect(String(recorded?.params.sha)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('fails with a clear message: a bad status, no workspace, a bad key, a project it may not write', async () => {
    const badStatus = await runCli(['ci-event', '--status', 'maybe'], env());
    expect(badStatus.code).toBe(1);
    expect(badStatus.stderr).toContain('--status must be success or failure, not maybe');
    const noWorkspace = await runCli(['ci-event', '--status', 'success'], {
      SERVICE_URL: server.baseUrl,
      SERVICE_API_KEY: server.dev.key,
    });
    expect(noWorkspace.code).toBe(1);
    expect(noWorkspace.stderr).toContain('No workspace: set SERVICE_WORKSPACE_KEY or pass --workspace');
    const badKey = await runCli(['ci-event', '--status', 'success'], env({ SERVICE_API_KEY: 'ctxhub_nope' }));
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toContain('Invalid API key');
    const stranger = await server.user();
    await server.workspace(unique('other'), {}, stranger);
    const forbidden = await runCli(
      ['ci-event', '--status', 'failure', '--project', PROJECT],
      env({ SERVICE_API_KEY: stranger.key }),
    );
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toMatch(/not found|not allowed|role/i);
  });
});
