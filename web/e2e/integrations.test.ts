import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLUENCE_CREDENTIALS,
  startConfluenceFake,
  type ConfluenceFake,
} from '../../src/test/fakes/confluence-fake.ts';
import { JIRA_CREDENTIALS, startJiraFake, type JiraFake } from '../../src/test/fakes/jira-fake.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The Integrations section in a real Chromium against a real server whose outbound calls may reach
 * 127.0.0.1, where fakes of Jira and Confluence listen: the tracker configured in the browser
 * (secret write-only), tested, broken, replaced and cleared; the wiki locked to the environment;
 * a member's view without forms, and the server refusing a member's save. A second server (the
 * default: no private networks) refuses a loopback URL, shown verbatim.
 */
let ui: UiServer;
let jira: JiraFake;
let confluence: ConfluenceFake;
let adminKey: string;
let memberKey: string;
const ENV_WIKI_TOKEN = CONFLUENCE_CREDENTIALS.apiToken;

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<void> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
}

beforeAll(async () => {
  jira = await startJiraFake({
    issues: [
      {
        key: 'BILL-142',
        summary: 'Invoices generated twice after scaling',
        status: 'In Progress',
        issuetype: 'Bug',
        updated: '2026-11-20T10:00:00.000+0000',
      },
      { key: 'BILL-7', summary: 'Invoice PDF font misses glyphs', status: 'Done' },
    ],
  });
  confluence = await startConfluenceFake({
    pages: [{ id: '501', title: 'Deploy runbook', body: '<p>Deploys run at noon.</p>', spaceKey: 'OPS' }],
  });
  ui = await startUi({
    SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
    SERVICE_INTEGRATION_LOCKED_PROVIDERS: 'wiki',
    SERVICE_WIKI_BASE_URL: confluence.baseUrl,
    SERVICE_WIKI_EMAIL: CONFLUENCE_CREDENTIALS.email,
    SERVICE_WIKI_API_TOKEN: ENV_WIKI_TOKEN,
  });
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  const bob = await ui.call('POST', '/v1/users', adminKey, { email: 'bob@example.com' });
  const reset = await ui.call('POST', `/v1/users/${bob.json.id}/api-keys/reset`, adminKey);
  const linkPath = new URL(reset.json.one_time_url).pathname;
  memberKey = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
  await ok(
    ui.call('POST', '/v1/workspaces/acme/members', adminKey, { user_id: bob.json.id, role: 'member' }),
  );
}, 180_000);
afterAll(async () => {
  await ui?.close();
  await jira?.close();
  await confluence?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function integration(provider: string): Promise<Json> {
  const res = await ui.call('GET', '/v1/integrations?workspace_key=acme', adminKey);
  expect(res.status).toBe(200);
  return res.json.items.find((i: Json) => i.provider === provider);
}

const card = (page: Page, title: string): Locator => page.locator('section.integration', { hasText: title });

/** What the search route answers as an error for this workspace now (the page must show it verbatim). */
async function searchError(path: string, key = adminKey): Promise<Json> {
  const res = await ui.call('GET', `${path}?workspace_key=acme&q=invoice&limit=5`, key);
  expect(res.status).toBeGreaterThanOrEqual(400);
  return res.json.error;
}

describe('integrations, as a workspace admin', () => {
  // Nine checked pages (a screenshot and an accessibility scan each) and a reload: 14 s on a quiet
  // run, past the 30 s default when the suite's other browsers and servers share the 2 cores.
  it('configures the tracker (token write-only), tests it, breaks it, replaces and clears the token', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/integrations');
    await page.getByText('Choose a workspace to see its integrations.').waitFor();
    await checkPage(page, 'integrations-choose');

    await page.getByLabel('Workspace').selectOption('acme');
    expect(new URL(page.url()).search).toBe('?workspace=acme');
    const tracker = card(page, 'Issue tracker');
    await tracker.getByText('nothing set').waitFor();
    await checkPage(page, 'integrations-empty');

    // A URL carrying credentials: the server's refusal, verbatim.
    await tracker.getByLabel('Base URL').fill('http://bot:pw@127.0.0.1:1/');
    await tracker.getByLabel('Account e-mail').fill(JIRA_CREDENTIALS.email);
    await tracker.getByLabel('Enabled').check();
    await tracker.getByRole('button', { name: 'Save tracker' }).click();
    const refusal = await ui.call('PUT', '/v1/integrations', adminKey, {
      workspace_key: 'acme',
      provider: 'tracker',
      enabled: true,
      config: { base_url: 'http://bot:pw@127.0.0.1:1/' },
    });
    expect(refusal.status).toBe(400);
    await tracker.getByRole('alert').filter({ hasText: refusal.json.error.message }).waitFor();
    await checkPage(page, 'integrations-refused');

    await tracker.getByLabel('Base URL').fill(jira.baseUrl);
    await tracker.getByRole('button', { name: 'Set API token' }).click();
    await tracker.getByLabel('New API token').fill(JIRA_CREDENTIALS.apiToken);
    await tracker.getByLabel('Reason (kept in the audit log)').fill('connect Jira');
    await tracker.getByRole('button', { name: 'Save tracker' }).click();
    await tracker.getByText('Saved.').waitFor();
    await tracker.locator('.secret-field .badge', { hasText: /^set$/ }).waitFor();
    await tracker.getByRole('button', { name: 'Replace API token' }).waitFor();
    expect(await tracker.getByLabel('New API token').count()).toBe(0);
    expect(await page.content()).not.toContain(JIRA_CREDENTIALS.apiToken);
    const saved = await integration('tracker');
    expect(saved).toMatchObject({
      enabled: true,
      configured: true,
      source: 'workspace',
      config: { base_url: jira.baseUrl, email: JIRA_CREDENTIALS.email, has_api_token: true },
      field_sources: { base_url: 'workspace', email: 'workspace', api_token: 'workspace' },
    });
    expect(JSON.stringify(saved)).not.toContain(JIRA_CREDENTIALS.apiToken);
    await checkPage(page, 'integrations-tracker-saved');

    // Test: a real search through /v1/tracker/search, answered by the fake.
    await tracker.getByLabel('Test search of the tracker').fill('invoice');
    await tracker.getByRole('button', { name: 'Test tracker' }).click();
    await tracker.getByRole('link', { name: 'BILL-142 Invoices generated twice after scaling' }).waitFor();
    await tracker.getByRole('link', { name: 'BILL-7 Invoice PDF font misses glyphs' }).waitFor();
    expect(jira.calls.some((c) => c.path === '/rest/api/3/search/jql')).toBe(true);
    await checkPage(page, 'integrations-tracker-tested');

    // A wrong token: the provider refuses, the page shows the server's error verbatim.
    await tracker.getByRole('button', { name: 'Replace API token' }).click();
    await tracker.getByLabel('New API token').fill('wrong-token');
    await tracker.getByRole('button', { name: 'Save tracker' }).click();
    await tracker.getByText('Saved.').waitFor();
    await tracker.getByRole('button', { name: 'Test tracker' }).click();
    const upstream = await searchError('/v1/tracker/search');
    expect(upstream.code).toBe('upstream_error');
    await tracker.getByRole('alert').filter({ hasText: upstream.message }).waitFor();
    await tracker.getByText('The tracker answered upstream_error').waitFor();
    await checkPage(page, 'integrations-tracker-upstream-error');

    // Clear the token (after a confirmation): not set, and the search says what is missing.
    await tracker.getByRole('button', { name: 'Clear API token' }).click();
    await tracker.getByRole('button', { name: 'Clear it' }).click();
    await tracker.locator('.secret-field .badge', { hasText: 'not set' }).waitFor();
    expect((await integration('tracker')).config.has_api_token).toBe(false);
    expect((await integration('tracker')).missing).toEqual(['api_token']);
    await tracker.getByRole('button', { name: 'Test tracker' }).click();
    const unconfigured = await searchError('/v1/tracker/search');
    expect(unconfigured.code).toBe('integration_not_configured');
    await tracker.getByRole('alert').filter({ hasText: unconfigured.message }).waitFor();
    await checkPage(page, 'integrations-tracker-cleared');

    // The token again, and a reload (a shared link) lands on the same workspace and state.
    await tracker.getByRole('button', { name: 'Set API token' }).click();
    await tracker.getByLabel('New API token').fill(JIRA_CREDENTIALS.apiToken);
    await tracker.getByRole('button', { name: 'Save tracker' }).click();
    await tracker.getByText('Saved.').waitFor();
    await page.reload();
    await card(page, 'Issue tracker').locator('.secret-field .badge', { hasText: /^set$/ }).waitFor();
    expect(await card(page, 'Issue tracker').getByLabel('Base URL').inputValue()).toBe(jira.baseUrl);
    await context.close();
  }, 90_000);

  it('shows the locked wiki read-only with its environment fields, and its test search', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, adminKey, '/admin/integrations?workspace=acme');
    const wiki = card(page, 'Wiki');
    await wiki.getByText('Locked by the server').waitFor();
    expect(await wiki.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    expect(await wiki.getByLabel('Base URL').isDisabled()).toBe(true);
    await wiki.getByText(`applies: ${confluence.baseUrl}`).waitFor();
    await wiki.locator('.secret-field .badge', { hasText: 'from environment' }).waitFor();
    expect(await wiki.getByRole('button', { name: /Replace|Clear/ }).count()).toBe(0);
    expect(await page.content()).not.toContain(ENV_WIKI_TOKEN);
    const locked = await integration('wiki');
    expect(locked).toMatchObject({ locked: true, source: 'env', config: { has_api_token: true } });
    expect(locked.field_sources).toMatchObject({ base_url: 'env', email: 'env', api_token: 'env' });
    const put = await ui.call('PUT', '/v1/integrations', adminKey, {
      workspace_key: 'acme',
      provider: 'wiki',
      enabled: true,
      config: { base_url: confluence.baseUrl },
    });
    expect(put.status).toBe(403);
    expect(put.json.error.code).toBe('provider_locked');

    await wiki.getByLabel('Test search of the wiki').fill('deploy');
    await wiki.getByRole('button', { name: 'Test wiki' }).click();
    await wiki.getByRole('link', { name: 'Deploy runbook' }).waitFor();
    await checkPage(page, 'integrations-wiki-locked-390');
    await context.close();
  });
});

describe('integrations, as a plain member', () => {
  it('shows no form and no save button, the server refusal verbatim, and the source searches', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, memberKey, '/admin/integrations?workspace=acme');
    const read = await ui.call('GET', '/v1/integrations?workspace_key=acme', memberKey);
    expect(read.status).toBe(403);
    await page.getByRole('alert').filter({ hasText: read.json.error.message }).waitFor();
    await page.getByText('your role in acme is member').waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    expect(await page.locator('section.integration').count()).toBe(0);

    await page.getByLabel('Test search of the tracker').fill('invoice');
    await page.getByRole('button', { name: 'Test tracker' }).click();
    await page.getByRole('link', { name: 'BILL-142 Invoices generated twice after scaling' }).waitFor();
    await checkPage(page, 'integrations-member');

    const put = await ui.call('PUT', '/v1/integrations', memberKey, {
      workspace_key: 'acme',
      provider: 'tracker',
      enabled: false,
      config: {},
    });
    expect(put.status).toBe(403);
    expect((await integration('tracker')).enabled).toBe(true);
    await context.close();
  });
});

describe('integrations, on a server keeping outbound calls off private networks', () => {
  it('shows the refusal of a loopback URL verbatim and saves nothing', async () => {
    const guarded = await startUi();
    try {
      const first = await fetch(guarded.firstLink, { headers: { accept: 'application/json' } });
      const key = (await first.json()).api_key as string;
      await ok(guarded.call('POST', '/v1/workspaces', key, { workspace_key: 'acme' }));
      const { page } = await guarded.newPage();
      await signIn(page, guarded.baseUrl, key, '/admin/integrations?workspace=acme');
      const tracker = card(page, 'Issue tracker');
      await tracker.getByLabel('Base URL').fill(jira.baseUrl);
      await tracker.getByRole('button', { name: 'Save tracker' }).click();
      const refusal = await guarded.call('PUT', '/v1/integrations', key, {
        workspace_key: 'acme',
        provider: 'tracker',
        enabled: false,
        config: { base_url: jira.baseUrl },
      });
      expect(refusal.status).toBe(400);
      expect(refusal.json.error.message).toMatch(/private, loopback or internal/);
      await tracker.getByRole('alert').filter({ hasText: refusal.json.error.message }).waitFor();
      // The server's words about the field show under it and describe it.
      const problem = refusal.json.error.details[0];
      expect(problem.path).toBe('body.config.base_url');
      const baseUrl = tracker.getByLabel('Base URL');
      expect(await baseUrl.getAttribute('aria-invalid')).toBe('true');
      const described = (await baseUrl.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${described.split(' ')[1]}"]`).textContent()).toBe(problem.message);
      await checkPage(page, 'integrations-private-network-refused');
      const after = await guarded.call('GET', '/v1/integrations?workspace_key=acme', key);
      expect(after.json.items.find((i: Json) => i.provider === 'tracker').source).toBe('none');
    } finally {
      await guarded.close();
    }
  }, 120_000);
});
