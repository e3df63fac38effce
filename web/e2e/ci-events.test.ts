import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackWebhookFake } from '../../src/test/fakes/slack-webhook-fake.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The CI events section in a real Chromium against a real server whose chat posts to a Slack
 * webhook fake on 127.0.0.1: a failure recorded from the form (listed, in the audit log, and in
 * chat as a High severity message), a bad commit hash refused verbatim, the empty list, the "From
 * your CI" panel, and a member who may record but not read the list.
 */
let ui: UiServer;
let fake: SlackWebhookFake;
let adminKey: string;
let memberKey: string;
let memberId: string;
const PROJECT = 'codehost:acme/api';
const SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

async function ciEntries(): Promise<Json[]> {
  return (await ok(ui.call('GET', '/v1/audit-logs?workspace_key=acme&action_prefix=ci.', adminKey))).items;
}

beforeAll(async () => {
  fake = await new SlackWebhookFake().listen();
  ui = await startUi({ SERVICE_ALLOW_PRIVATE_NETWORK: 'true' });
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  await ok(ui.call('POST', '/v1/workspaces/acme/projects', adminKey, { key: PROJECT }));
  const bob = await ok(ui.call('POST', '/v1/users', adminKey, { email: 'bob@example.com' }));
  memberId = bob.id as string;
  const reset = await ok(ui.call('POST', `/v1/users/${bob.id}/api-keys/reset`, adminKey));
  const linkPath = new URL(reset.one_time_url).pathname;
  memberKey = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces/acme/members', adminKey, { user_id: bob.id, role: 'member' }));
  await ok(
    ui.call('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, adminKey, {
      workspace_key: 'acme',
      user_id: bob.id,
      role: 'writer',
    }),
  );
  // Chat: CI entries only, one line each ("[Severity] action: sentence").
  await ok(
    ui.call('PUT', '/v1/integrations', adminKey, {
      workspace_key: 'acme',
      provider: 'chat',
      enabled: true,
      config: { webhook_url: fake.url, default_channel: '#ci', action_prefixes: ['ci.'], format: 'compact' },
    }),
  );
}, 180_000);
afterAll(async () => {
  await ui?.close();
  await fake?.close();
});

describe('CI events, as a workspace admin', () => {
  it('records a failure from the form: listed, audited, and sent to chat as High severity', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/ci-events');
    await page.getByText('Choose a workspace to record and read its CI results.').waitFor();
    await page.getByLabel('Workspace').selectOption('acme');
    // The form of the chosen workspace, before anything is typed into it.
    await page.getByRole('heading', { name: 'Record a CI result in acme' }).waitFor();
    await page.getByText('No CI results recorded in this workspace yet.').waitFor();
    const panel = page.getByRole('region', { name: 'From your CI' });
    await panel.getByText('SERVICE_WORKSPACE_KEY=acme').waitFor();
    await panel.getByText('ctxhub ci-event --status failure').waitFor();
    await panel.getByText('examples/github-actions-ci-event.yml').waitFor();
    expect(await page.content()).not.toContain(adminKey);
    await checkPage(page, 'ci-events-empty');

    await page.getByLabel('failure', { exact: true }).check();
    await page.getByLabel('Project (optional)').selectOption(PROJECT);
    await page.getByLabel('Repository', { exact: true }).fill('acme/api');
    await page.getByLabel('Branch', { exact: true }).fill('main');
    await page.getByLabel('Commit (sha)', { exact: true }).fill(SHA);
    await page.getByLabel('Workflow', { exact: true }).fill('CI');
    await page.getByLabel('Job', { exact: true }).fill('test');
    await page.getByLabel('Run URL', { exact: true }).fill('https://ci.example.com/acme/api/runs/42');
    await page.getByLabel('Message', { exact: true }).fill('3 tests failed');
    await page.getByRole('button', { name: 'Record failure' }).click();
    const recorded = page.getByRole('status', { name: 'Recorded' });
    await recorded.getByText(`Recorded ci.failure for ${PROJECT}`).waitFor();
    const [entry] = await ciEntries();
    expect(entry).toMatchObject({
      action: 'ci.failure',
      actor: { user_id: expect.any(String) },
      target: {
        type: 'ci_run',
        id: 'https://ci.example.com/acme/api/runs/42',
        params: {
          status: 'failure',
          project_key: PROJECT,
          repository: 'acme/api',
          branch: 'main',
          sha: SHA,
          workflow: 'CI',
          job: 'test',
          message: '3 tests failed',
        },
      },
    });
    await recorded.getByText(entry.id).waitFor();
    const row = page.locator('tbody tr').filter({ hasText: entry.id });
    await row.getByText('failure', { exact: true }).waitFor();
    await row.getByText('acme/api · main').waitFor();
    await row.getByText('3 tests failed').waitFor();
    await row.getByRole('link', { name: 'the run' }).waitFor();
    const [message] = await fake.waitFor(1);
    expect(message?.payload.channel).toBe('#ci');
    expect(String(message?.payload.text)).toMatch(/^\[High\] ci\.failure: /);
    await checkPage(page, 'ci-events-recorded');

    // A bad commit hash: the server's refusal, as worded; nothing recorded.
    const refusal = await ui.call('POST', '/v1/ci-events', adminKey, {
      status: 'failure',
      workspace_key: 'acme',
      sha: 'not-a-sha',
    });
    expect(refusal.status).toBe(400);
    await page.getByLabel('Commit (sha)', { exact: true }).fill('not-a-sha');
    await page.getByRole('button', { name: 'Record failure' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `The CI result was not recorded: ${refusal.json.error.message}` })
      .waitFor();
    // The server's words about the field show under it and describe it.
    const sha = page.getByLabel('Commit (sha)', { exact: true });
    expect(refusal.json.error.details).toEqual([{ path: 'body.sha', message: expect.any(String) }]);
    expect(await sha.getAttribute('aria-invalid')).toBe('true');
    const problem = page.locator(`[id="${await sha.getAttribute('aria-describedby')}"]`);
    expect(await problem.textContent()).toBe(refusal.json.error.details[0].message);
    expect(await ciEntries()).toHaveLength(1);
    await checkPage(page, 'ci-events-refused');

    // Reload: the same workspace, its list.
    await page.reload();
    await page.getByRole('heading', { name: 'Record a CI result in acme' }).waitFor();
    await page.locator('tbody tr').filter({ hasText: entry.id }).waitFor();
    await context.close();
  });

  it('works 390 px wide', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, adminKey, '/admin/ci-events?workspace=acme');
    await page.getByRole('heading', { name: 'Record a CI result in acme' }).waitFor();
    await page.locator('tbody tr').first().getByText('3 tests failed').waitFor();
    await checkPage(page, 'ci-events-narrow');
    await context.close();
  });
});

describe('CI events, as a plain member', () => {
  it("records a result for a project they write, and is shown the server's refusal of the list", async () => {
    const refusal = await ui.call('GET', '/v1/audit-logs?workspace_key=acme&action_prefix=ci.', memberKey);
    expect(refusal.status).toBe(403);
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, memberKey, '/admin/ci-events?workspace=acme');
    await page.getByRole('heading', { name: 'Record a CI result in acme' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: `The CI entries could not be read: ${refusal.json.error.message}` })
      .waitFor();
    await page.getByRole('note').filter({ hasText: 'your role in acme is member' }).waitFor();
    expect(await page.locator('table').count()).toBe(0);

    await page.getByLabel('Project (optional)').selectOption(PROJECT);
    await page.getByLabel('Job', { exact: true }).fill('build');
    await page.getByRole('button', { name: 'Record success' }).click();
    const recorded = page.getByRole('status', { name: 'Recorded' });
    await recorded.getByText(`Recorded ci.success for ${PROJECT}`).waitFor();
    // Deliveries are for admins: no way there from a member's page.
    expect(await recorded.getByRole('link', { name: 'Deliveries' }).count()).toBe(0);
    await checkPage(page, 'ci-events-member');
    const [latest] = await ciEntries();
    expect(latest).toMatchObject({
      action: 'ci.success',
      actor: { user_id: memberId },
      target: { params: { status: 'success', project_key: PROJECT, job: 'build' } },
    });
    const [, message] = await fake.waitFor(2);
    expect(String(message?.payload.text)).toMatch(/^\[Low\] ci\.success: /);
    await context.close();
  });
});
