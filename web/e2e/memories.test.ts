import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, holdBack, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The Memories section in a real Chromium against a real server: recall with a typo (the
 * correction and each result's score parts), filters kept in the address, remembering (a secret
 * redacted, a duplicate answered), editing (a refusal shown verbatim), confirming, the history,
 * deleting after a confirmation, and a reader's view without write controls.
 */
let ui: UiServer;
let adminKey: string;
const WS = 'acme';
const PROJECT = 'codehost:acme/api';
const LIST = `/admin/memories?workspace=${WS}&project=${encodeURIComponent(PROJECT)}`;
const ids: Record<string, string> = {};

const remember = async (type: string, content: string) => {
  const res = await ui.call('POST', '/v1/memories', adminKey, {
    workspace_key: WS,
    project_key: PROJECT,
    type,
    content,
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
};

const recall = (query: Record<string, string>) =>
  ui.call(
    'GET',
    `/v1/memories?${new URLSearchParams({ workspace_key: WS, project_key: PROJECT, ...query })}`,
    adminKey,
  );

/** The ids of the memories the list shows, in its order. */
const shownIds = async (page: Page) =>
  (await page.getByRole('list', { name: 'Memories' }).getByRole('link').allTextContents()).map(
    (t) => /mem_[0-9A-Z]+/.exec(t)?.[0],
  );

const waitForCount = (page: Page, n: number) =>
  expect.poll(() => page.getByRole('list', { name: 'Memories' }).getByRole('listitem').count()).toBe(n);

beforeAll(async () => {
  ui = await startUi();
  adminKey = (await (await fetch(ui.firstLink, { headers: { accept: 'application/json' } })).json())
    .api_key as string;
  expect((await ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: WS })).status).toBe(201);
  for (const key of [PROJECT, 'codehost:acme/empty']) {
    expect((await ui.call('POST', `/v1/workspaces/${WS}/projects`, adminKey, { key })).status).toBe(201);
  }
  ids.retry = await remember('decision', 'We retry invoice uploads three times with backoff in retry.ts');
  ids.archive = await remember('constraint', 'Invoices must be stored for ten years in the archive bucket');
  ids.webhook = await remember('problem', 'The payment webhook sometimes arrives before the invoice exists');
  // Enough for a second page (the UI reads 20 at a time).
  for (let i = 1; i <= 20; i++)
    ids[`tile${i}`] = await remember('note', `Dashboard tile ${i} shows weekly totals`);
}, 120_000);
afterAll(async () => ui?.close());

describe('memories', () => {
  it('recalls with a typo (correction, score parts), filters by type, and a reload keeps the view', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/memories');
    await page.getByText('Choose a workspace and a project to see its memories.').waitFor();
    await checkPage(page, 'memories-no-project');

    await page.getByLabel('Workspace').selectOption(WS);
    await page.getByLabel('Project').selectOption('codehost:acme/empty');
    await page.getByText('This project has no memories in these statuses yet.').waitFor();
    await checkPage(page, 'memories-empty');

    // Newest first, 20 a page, then the rest.
    await page.getByLabel('Project').selectOption(PROJECT);
    await waitForCount(page, 20);
    expect((await shownIds(page))[0]).toBe(ids.tile20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await waitForCount(page, 23);
    expect((await shownIds(page))[22]).toBe(ids.retry);

    // A misspelled word is corrected against the project's words; each result shows its score.
    await page.getByLabel('Search', { exact: true }).fill('payment webhok');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const understood = page.getByRole('region', { name: 'How the search was understood' });
    await expect.poll(() => understood.textContent()).toContain('webhok → webhook');
    const api = await recall({ q: 'payment webhok', explain: 'true' });
    expect(api.json.query.corrections).toEqual({ webhok: 'webhook' });
    await expect.poll(() => shownIds(page)).toEqual(api.json.items.map((m: { id: string }) => m.id));
    expect((await shownIds(page))[0]).toBe(ids.webhook);
    const first = page.getByRole('list', { name: 'Memories' }).getByRole('listitem').first();
    await first.locator('summary').click();
    await first.getByText('Words matched').waitFor();
    expect(await first.textContent()).toContain(
      `Score ${Math.round(api.json.items[0].explain.score * 1000) / 1000}`,
    );
    await checkPage(page, 'memories-recall');

    // A filter by type narrows a search; the address holds both, so a reload shows the same.
    await page.getByLabel('Search', { exact: true }).fill('invoice');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await waitForCount(page, 3);
    await page.getByRole('checkbox', { name: 'Constraint' }).check();
    await waitForCount(page, 1);
    expect(await shownIds(page)).toEqual([ids.archive]);
    expect(new URL(page.url()).searchParams.get('type')).toBe('constraint');
    // The lists of workspaces and projects are held back: the chosen keys stay shown meanwhile.
    const release = await holdBack(page, /\/v1\/workspaces(\/[^/]+\/projects)?\?/);
    await page.reload();
    await waitForCount(page, 1);
    expect(await shownIds(page)).toEqual([ids.archive]);
    expect(await page.getByLabel('Workspace').inputValue()).toBe(WS);
    expect(await page.getByLabel('Project').inputValue()).toBe(PROJECT);
    await release(page.getByLabel('Project').locator('option', { hasText: ' · ' }).first());
    expect(await page.getByLabel('Project').inputValue()).toBe(PROJECT);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('invoice');
    expect(await page.getByRole('checkbox', { name: 'Constraint' }).isChecked()).toBe(true);
    expect(
      (await recall({ q: 'invoice', type: 'constraint' })).json.items.map((m: { id: string }) => m.id),
    ).toEqual([ids.archive]);
    // Back goes to the search before the filter.
    await page.goBack();
    await waitForCount(page, 3);
    // Nothing created since a day to come: the empty result, said so.
    await page.getByLabel('Created since').fill('2099-01-01');
    await page.getByText('No memory matches: try other words or fewer filters.').waitFor();
    expect(new URL(page.url()).searchParams.get('since')).toBe('2099-01-01');
    expect((await recall({ q: 'invoice', since: '2099-01-01T00:00:00Z' })).json.items).toEqual([]);
    await context.close();
  });

  it('remembers (secret redacted, duplicate answered), edits (refusal verbatim), confirms, shows the history, deletes', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, LIST);
    await page.getByRole('button', { name: 'Remember' }).waitFor();
    const content = `The CI deploy token is ghp_${'A1b2'.repeat(9)} for now`;
    await page.getByLabel('Type', { exact: true }).selectOption('caveat');
    await page.getByLabel('Content').fill(content);
    await page.getByRole('button', { name: 'Remember' }).click();
    const saved = page.getByRole('status', { name: 'Saved memory' });
    await saved.getByText('1 secret was replaced by a [redacted:…] marker before storing.').waitFor();
    const id = /mem_[0-9A-Z]+/.exec((await saved.getByRole('link').textContent()) ?? '')?.[0] ?? '';
    const stored = (await ui.call('GET', `/v1/memories/${id}`, adminKey)).json;
    expect(stored.content).toContain('[redacted:github_token]');
    expect(stored.content).not.toContain('ghp_');
    expect(stored.status).toBe('draft');
    // The same again: the server answers the existing memory, nothing new is stored.
    await page.getByLabel('Content').fill(content);
    await page.getByRole('button', { name: 'Remember' }).click();
    await saved.getByText('An identical memory already exists: nothing new was stored.').waitFor();
    expect(await saved.getByRole('link').textContent()).toContain(id);
    await checkPage(page, 'memories-remembered');

    await saved.getByRole('link').click();
    await page.getByRole('heading', { name: 'Memory', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/memories/${id}`);
    await page.getByText('[redacted:github_token]').first().waitFor();
    await checkPage(page, 'memory-detail');

    // A change that would duplicate another memory: the server's refusal, as it worded it.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('constraint');
    await page.getByLabel('Content').fill('Invoices must be stored for ten years in the archive bucket');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The memory was not changed' });
    await refusal.waitFor();
    const direct = await ui.call('PATCH', `/v1/memories/${id}`, adminKey, {
      type: 'constraint',
      content: 'Invoices must be stored for ten years in the archive bucket',
    });
    expect(direct.status).toBe(409);
    expect(await refusal.textContent()).toContain(direct.json.error.message);
    expect(direct.json.error.message).toContain(ids.archive);
    await checkPage(page, 'memory-edit-refused');

    await page.getByLabel('Type', { exact: true }).selectOption('caveat');
    await page.getByLabel('Content').fill('The CI deploy token lives in the vault; never paste it');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved as version 2.').waitFor();
    expect((await ui.call('GET', `/v1/memories/${id}`, adminKey)).json).toMatchObject({
      version: 2,
      content: 'The CI deploy token lives in the vault; never paste it',
    });

    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Saved as version 3.').waitFor();
    expect((await ui.call('GET', `/v1/memories/${id}`, adminKey)).json.status).toBe('confirmed');
    // The memory is read again after the change: the confirmed one offers no Confirm.
    await expect.poll(() => page.getByRole('button', { name: 'Confirm' }).count()).toBe(0);

    // Every version, newest first, with what changed.
    const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.nth(0).textContent()).toContain('status Draft → Confirmed');
    expect(await versions.nth(1).textContent()).toContain('changed: content');
    expect(await versions.nth(2).textContent()).toContain('Version 1');
    await checkPage(page, 'memory-history');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete this memory? Assistants stop recalling it; its history stays.').waitFor();
    await checkPage(page, 'memory-delete-confirm');
    await page.getByRole('button', { name: 'Delete memory' }).click();
    await page.getByRole('heading', { name: 'Memories', exact: true }).waitFor();
    await page.getByText(`Memory ${id} was deleted. Its history is kept.`).waitFor();
    expect((await ui.call('GET', `/v1/memories/${id}`, adminKey)).status).toBe(404);
    expect((await ui.call('GET', `/v1/memories/${id}/history`, adminKey)).json.items).toHaveLength(4);

    // Its address still shows the history, and the server's word on the memory itself.
    await page.goto(`${ui.baseUrl}/admin/memories/${id}?workspace=${WS}`);
    await page
      .getByRole('alert')
      .filter({ hasText: `Memory ${id} not found` })
      .waitFor();
    await expect.poll(() => versions.count()).toBe(4);
    expect(await versions.nth(0).textContent()).toContain('deleted');
    await context.close();
  });

  it('shows a project reader no write controls, and the server refuses them anyway', async () => {
    const email = 'reader@example.com';
    const user = await ui.call('POST', '/v1/users', adminKey, { email });
    expect(
      (await ui.call('POST', `/v1/workspaces/${WS}/members`, adminKey, { email, role: 'member' })).status,
    ).toBe(201);
    const added = await ui.call('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, adminKey, {
      workspace_key: WS,
      email,
      role: 'reader',
    });
    expect(added.status).toBe(201);
    const reset = await ui.call('POST', `/v1/users/${user.json.id}/api-keys/reset`, adminKey);
    const linkPath = new URL(reset.json.one_time_url).pathname;
    const readerKey = (
      await (await fetch(`${ui.baseUrl}${linkPath}`, { headers: { accept: 'application/json' } })).json()
    ).api_key as string;

    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, readerKey, `${LIST}&q=invoice`);
    await page.getByText('(you can read and search memories)').waitFor();
    await waitForCount(page, 3);
    expect(await page.getByRole('button', { name: 'Remember' }).count()).toBe(0);
    await checkPage(page, 'memories-reader-narrow');

    await page.getByRole('list', { name: 'Memories' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await page.getByText('your role: reader').waitFor();
    for (const name of ['Edit', 'Confirm', 'Reject', 'Delete'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await checkPage(page, 'memory-detail-reader-narrow');

    const status = await page.evaluate(async (memoryId) => {
      const session = (await (await fetch('/v1/session')).json()) as { csrf_token: string };
      const res = await fetch(`/v1/memories/${memoryId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ content: 'changed by a reader' }),
      });
      return res.status;
    }, ids.webhook);
    expect(status).toBe(403);
    await page.getByRole('link', { name: 'Back to memories' }).click();
    await waitForCount(page, 3);
    expect(new URL(page.url()).searchParams.get('q')).toBe('invoice');
    await context.close();
  });
});
