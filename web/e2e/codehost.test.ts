import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepos, signWebhookBody, type CodehostFake } from '../../src/test/fakes/codehost-fake.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';
import {
  ACCOUNT,
  INSTALLATION,
  ok,
  startCodehostUi,
  WEBHOOK_SECRET,
  type CodehostUi,
} from './codehost.fixtures.ts';

/**
 * The Code host section in a real Chromium against a real server whose code host app talks to a
 * fake GitHub on 127.0.0.1: an admin connects (the browser's trip to github.com intercepted, its
 * state taken to the callback as the code host would), the first sync runs in the background, a
 * failed sync shows the code host's words, Sync now says what changed and the repositories page
 * with Load more; a suspension shows; a member sees the same without Connect or Sync now; a
 * tampered and a reused link come back as refusals; a server without an app explains how to give
 * it one. The permissions panel is in codehost-permissions.test.ts.
 */
let ui: UiServer;
let fake: CodehostFake;
let adminKey: string;
let memberKey: string;
let scene: CodehostUi | undefined;

beforeAll(async () => {
  scene = await startCodehostUi();
  ({ ui, fake, adminKey, memberKey } = scene);
}, 180_000);
afterAll(() => scene?.close());

/**
 * Keeps the page off the internet: github.com answers with a stand-in page (its address
 * recorded), anything else not on 127.0.0.1 is refused.
 */
async function interceptCodehost(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.route('https://github.com/**', (route) => {
    visited.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>The code host (stand-in)</title><p>Install the app</p>',
    });
  });
  return visited;
}

/** The code host sending its admin back, in the browser (which asks for HTML). */
const callback = (page: Page, state: string, installationId = INSTALLATION) =>
  page.goto(
    `${ui.baseUrl}/v1/auth/codehost/callback?${new URLSearchParams({
      installation_id: String(installationId),
      state,
      setup_action: 'install',
    }).toString()}`,
  );

/** The same callback as a script: the server's refusal as JSON, to compare with what the page shows. */
async function callbackRefusal(state: string): Promise<{ code: string; message: string }> {
  const query = new URLSearchParams({ installation_id: String(INSTALLATION), state }).toString();
  const res = await fetch(`${ui.baseUrl}/v1/auth/codehost/callback?${query}`, {
    headers: { accept: 'application/json' },
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

const installationPanel = (page: Page) => page.getByRole('region', { name: /^Installation/ });
const repoRows = (page: Page) =>
  page.getByRole('table', { name: 'Repositories of acme' }).locator('tbody tr');

let usedState = '';

describe('the code host, as a workspace admin', () => {
  it('connects through the code host, and shows the installation once its first sync has run', async () => {
    const { context, page } = await ui.newPage();
    const visited = await interceptCodehost(page);
    await signIn(page, ui.baseUrl, adminKey);
    // In the navigation right after Integrations.
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels.indexOf('Code host')).toBe(labels.indexOf('Integrations') + 1);
    await nav.getByRole('link', { name: 'Code host' }).click();
    await page.getByRole('heading', { level: 1, name: 'Code host' }).waitFor();
    await page.getByText('Choose a workspace to see its code host installation.').waitFor();
    await page.getByLabel('Workspace').selectOption('acme');
    expect(new URL(page.url()).search).toBe('?workspace=acme');
    const panel = installationPanel(page);
    await panel.getByText('not connected', { exact: true }).waitFor();
    await panel.getByText('acme is not connected to the code host').waitFor();
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await checkPage(page, 'codehost-not-connected');

    // Connect: a fresh install link, followed to the code host (intercepted).
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL('https://github.com/**');
    const installUrl = new URL(visited[0] ?? '');
    expect(`${installUrl.origin}${installUrl.pathname}`).toBe(
      'https://github.com/apps/ctxhub-test/installations/new',
    );
    usedState = installUrl.searchParams.get('state') ?? '';
    expect(usedState).toMatch(/^[\w-]+\.[\w-]{43}$/);

    // The code host sends the admin back: the server connects and redirects to the page.
    await callback(page, usedState);
    await page.waitForURL(`${ui.baseUrl}/admin/codehost?workspace=acme&connected=${INSTALLATION}`);
    await page
      .getByRole('status')
      .filter({ hasText: `Connected installation ${INSTALLATION}.` })
      .waitFor();
    await panel.getByText('connected', { exact: true }).waitFor();
    await panel.getByText(`${ACCOUNT} (Organization)`).waitFor();
    await panel.getByText('the ones selected at the code host').waitFor();
    const connected = await ok(ui.call('GET', '/v1/workspaces/acme/codehost/installation', adminKey));
    expect(connected.installation).toMatchObject({
      installation_id: INSTALLATION,
      account: { login: ACCOUNT },
    });
    await panel.getByText(`by ${connected.installation.connected_by.email}`).waitFor();
    await page.getByRole('button', { name: 'Connect another installation' }).waitFor();

    // The first sync runs in the background; the page reads the status again until it has run.
    await panel.getByText('on connecting: 119 added, 0 updated, 0 deactivated').waitFor({ timeout: 30_000 });
    await panel.getByText('119 active (the ones selected at the code host)').waitFor();
    await repoRows(page).first().waitFor();
    await checkPage(page, 'codehost-connected');

    // Dismiss takes the outcome out of the address; a reload keeps the workspace.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(new URL(page.url()).search).toBe('?workspace=acme');
    await page.reload();
    await panel.getByText(`${ACCOUNT} (Organization)`).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Connected installation' }).count()).toBe(0);
    expect(visited).toHaveLength(1);
    await context.close();
  }, 90_000);

  it("shows a failed sync in the code host's words, then what Sync now changed", async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/codehost?workspace=acme');
    const panel = installationPanel(page);
    await panel.getByText('119 active (the ones selected at the code host)').waitFor();

    // A failed sync: the code host's words, kept as the last sync; the links stay.
    fake.failNext(500, { message: 'Server Error (e2e)' });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The repositories were not synced: Code host answered 500: Server Error (e2e)' })
      .waitFor();
    await panel.getByText('by hand (Sync now): failed: Code host answered 500: Server Error (e2e)').waitFor();
    await panel.getByText('119 active').waitFor();
    await checkPage(page, 'codehost-sync-failed');

    // The code host now reaches two more, one fewer, and one with another default branch.
    const repos = makeRepos(ACCOUNT, 121)
      .filter((r) => r.full_name !== `${ACCOUNT}/repo-0005`)
      .map((r) => (r.full_name === `${ACCOUNT}/repo-0007` ? { ...r, default_branch: 'develop' } : r));
    fake.setRepositories(INSTALLATION, repos);
    await page.getByRole('button', { name: 'Sync now' }).click();
    const sentence = '2 added, 1 updated, 1 deactivated; 120 active repositories; 0 projects created';
    // Said in a live region, so a screen reader reads it out.
    await page.locator('[aria-live="polite"]').getByText(`Synced: ${sentence}.`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await panel.getByText(`by hand (Sync now): ${sentence}`).waitFor();
    await panel.getByText('120 active (the ones selected at the code host)').waitFor();
    const status = await ok(ui.call('GET', '/v1/workspaces/acme/codehost/installation', adminKey));
    expect(status.last_sync).toMatchObject({ status: 'ok', trigger: 'manual', added: 2, total: 120 });
    await context.close();
  }, 60_000);

  it('pages the 120 repositories with Load more: name, page, visibility, default branch', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/codehost?workspace=acme');
    await page.getByRole('heading', { name: 'Repositories (120 active)' }).waitFor();
    await expect.poll(() => repoRows(page).count()).toBe(50);
    const firstRepo = page.getByRole('link', { name: `${ACCOUNT}/repo-0001` });
    expect(await firstRepo.getAttribute('href')).toBe(`https://github.com/${ACCOUNT}/repo-0001`);
    expect(await repoRows(page).first().locator('td[data-label="Visibility"]').textContent()).toBe('private');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => repoRows(page).count()).toBe(100);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => repoRows(page).count()).toBe(120);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: `${ACCOUNT}/repo-0005` }).count()).toBe(0);
    const changed = repoRows(page).filter({ hasText: `${ACCOUNT}/repo-0007` });
    expect(await changed.locator('td[data-label="Default branch"]').textContent()).toBe('develop');
    await repoRows(page)
      .filter({ hasText: `${ACCOUNT}/repo-0121` })
      .waitFor();
    await checkPage(page, 'codehost-synced');
    await context.close();
  }, 60_000);

  it('says the code host suspended the app, hides Sync now, and syncs again once unsuspended', async () => {
    const deliver = async (body: object) => {
      const raw = JSON.stringify(body);
      const res = await fetch(`${ui.baseUrl}/v1/webhooks/codehost`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'installation',
          'x-github-delivery': `e2e-${Math.random()}`,
          'x-hub-signature-256': signWebhookBody(WEBHOOK_SECRET, raw),
        },
        body: raw,
      });
      expect(res.status).toBe(202);
    };
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/codehost?workspace=acme');
    const panel = installationPanel(page);
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    fake.suspend(INSTALLATION);
    await deliver({
      action: 'suspend',
      installation: { id: INSTALLATION, suspended_at: new Date().toISOString() },
    });
    // The webhook is handled by a job after the 202: the page is read again once it has run (a
    // reload before that showed the installation still connected, and nothing reads it again).
    await expect
      .poll(async () => {
        const status = await ok(ui.call('GET', '/v1/workspaces/acme/codehost/installation', adminKey));
        return status.installation.suspended_at !== null;
      })
      .toBe(true);
    await page.reload();
    await panel.getByText('suspended', { exact: true }).waitFor();
    await panel.getByText(/syncs wait until someone unsuspends it/).waitFor();
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await checkPage(page, 'codehost-suspended');
    fake.unsuspend(INSTALLATION);
    await deliver({ action: 'unsuspend', installation: { id: INSTALLATION, suspended_at: null } });
    await expect
      .poll(async () => {
        const status = await ok(ui.call('GET', '/v1/workspaces/acme/codehost/installation', adminKey));
        return status.installation.suspended_at === null && status.last_sync.trigger === 'webhook';
      })
      .toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    expect(await panel.getByText(/syncs wait/).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('shows a tampered link and a used one as refusals, with what to do', async () => {
    const { context, page } = await ui.newPage();
    await interceptCodehost(page);
    await signIn(page, ui.baseUrl, adminKey, '/admin/codehost?workspace=acme');
    await installationPanel(page).getByText(`${ACCOUNT} (Organization)`).waitFor();

    // One character of the signed part changed (its first: base64url of '{"w":...' starts with e).
    const tampered = `f${usedState.slice(1)}`;
    const refused = await callbackRefusal(tampered);
    expect(refused.code).toBe('validation_failed');
    await callback(page, tampered);
    await page.waitForURL(/\/admin\/codehost\?connect_error=validation_failed&message=/);
    const alert = page.getByRole('alert').filter({ hasText: 'The installation was not connected' });
    await alert.getByText(`(validation_failed): ${refused.message}`, { exact: false }).waitFor();
    await alert.getByText('not one this server signed for this app').waitFor();
    await page.getByText('Choose a workspace to see its code host installation.').waitFor();
    await checkPage(page, 'codehost-connect-tampered');

    const reused = await callbackRefusal(usedState);
    expect(reused).toMatchObject({ code: 'gone', message: expect.stringContaining('already used') });
    await callback(page, usedState);
    await page.waitForURL(/\/admin\/codehost\?connect_error=gone&message=/);
    await alert.getByText(reused.message).waitFor();
    await alert.getByText('ask for a new one with Connect').waitFor();
    // Choosing the workspace takes the refusal away; Connect is there to ask for a new link.
    await page.getByLabel('Workspace').selectOption('acme');
    expect(new URL(page.url()).search).toBe('?workspace=acme');
    expect(await alert.count()).toBe(0);
    await page.getByRole('button', { name: 'Connect another installation' }).waitFor();
    await context.close();
  });
});

describe('the code host, as a plain member', () => {
  it('shows the status and the repositories, without Connect or Sync now (narrow screen)', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, memberKey, '/admin/codehost?workspace=acme');
    const panel = installationPanel(page);
    await panel.getByText(`${ACCOUNT} (Organization)`).waitFor();
    await panel.getByText('connected', { exact: true }).waitFor();
    await panel.getByText('your role in acme is member').waitFor();
    await expect.poll(() => repoRows(page).count()).toBe(50);
    expect(await page.getByRole('button', { name: /Connect|Sync now/ }).count()).toBe(0);
    await checkPage(page, 'codehost-member-390');
    const refused = await ui.call('GET', '/v1/workspaces/acme/codehost/install-url', memberKey);
    expect(refused.status).toBe(403);
    await context.close();
  });
});

describe('the code host, on a server without a code host app', () => {
  it('says the server has no app and how to give it one, not an error', async () => {
    const bare = await startUi();
    try {
      const first = await fetch(bare.firstLink, { headers: { accept: 'application/json' } });
      const key = (await first.json()).api_key as string;
      await ok(bare.call('POST', '/v1/workspaces', key, { workspace_key: 'acme' }));
      const answer = await bare.call('GET', '/v1/workspaces/acme/codehost/installation', key);
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe('integration_not_configured');
      const { page } = await bare.newPage();
      await signIn(page, bare.baseUrl, key, '/admin/codehost?workspace=acme');
      const none = page.getByRole('region', { name: 'This server has no code host app' });
      await none.waitFor();
      await none.getByText('CODEHOST_APP_ID', { exact: true }).waitFor();
      await none.getByText('CODEHOST_APP_PRIVATE_KEY', { exact: true }).waitFor();
      await none.getByText('docs/codehost.md', { exact: true }).waitFor();
      await none.getByText(`The server answered: ${answer.json.error.message}`, { exact: false }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Connect|Sync now/ }).count()).toBe(0);
      await checkPage(page, 'codehost-not-configured');
    } finally {
      await bare.close();
    }
  }, 120_000);
});
