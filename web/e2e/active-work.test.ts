import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn } from './browser.fixtures.ts';
import {
  BRANCH,
  ok,
  PAGE,
  PROJECT,
  startActiveWorkUi,
  TITLES,
  WS,
  type ActiveWorkUi,
  type Json,
} from './active-work.fixtures.ts';

/**
 * The Active Work section in a real Chromium against a real server whose items were inferred from
 * memories and a CI run and swept at start (active-work.fixtures.ts): the open items with stale
 * and closed ones told apart, a closed one's timeline, confirming with a reason (its event, its
 * audit entry), closing then reopening, a 409 when the item changed meanwhile, and a project reader
 * who sees the items without a way to change them.
 */
let scene: ActiveWorkUi;

beforeAll(async () => {
  scene = await startActiveWorkUi();
}, 180_000);
afterAll(() => scene?.ui.close());

const itemsTable = (page: Page) => page.getByRole('table', { name: `Active Work items of ${PROJECT}` });
const itemRow = (page: Page, title: string) =>
  itemsTable(page).locator('tbody tr').filter({ hasText: title });
const itemEvents = (page: Page) => page.getByRole('table', { name: 'Events of this item, oldest first' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const badgeColour = (page: Page, title: string) =>
  itemRow(page, title)
    .locator('.badge.aw-status')
    .evaluate((el) => getComputedStyle(el).backgroundColor);

/** The workspace's Active Work audit entries, newest first. */
async function auditEntries(): Promise<Json[]> {
  const q = new URLSearchParams({ workspace_key: WS, action_prefix: 'active_work.' });
  return (await ok(scene.ui.call('GET', `/v1/audit-logs?${q.toString()}`, scene.adminKey))).items;
}

/** Opens an item from the list and waits for its detail. */
async function open(page: Page, title: string) {
  await itemRow(page, title).getByRole('link', { name: title }).click();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

describe('Active Work, as a workspace owner', () => {
  it('lists the open items, stale ones apart; closed ones on request, with the timeline that closed them', async () => {
    const { ui } = scene;
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, scene.adminKey);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Active Work' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Active Work' }).waitFor();
    await page.getByText('Choose a workspace and a project to see its Active Work.').waitFor();
    await page.getByLabel('Workspace').selectOption(WS);
    await page.getByLabel('Project').selectOption(PROJECT);
    await itemRow(page, TITLES.bill).waitFor();
    expect(await itemsTable(page).locator('tbody tr').count()).toBe(3);
    expect(await itemRow(page, TITLES.legacy).count()).toBe(0);
    const bill = itemRow(page, TITLES.bill);
    await bill.getByText('active', { exact: true }).waitFor();
    await bill.getByText('60%', { exact: true }).waitFor();
    await bill.getByText('memory 50% · ci 20%').waitFor();
    await bill.getByText(BRANCH).waitFor();
    await bill.getByText('BILL-7', { exact: true }).waitFor();
    await bill.getByText('admin@localhost').waitFor();
    await bill.getByText('2 pieces of evidence').waitFor();
    await itemRow(page, TITLES.search).getByText('stale', { exact: true }).waitFor();
    expect(await badgeColour(page, TITLES.search)).not.toBe(await badgeColour(page, TITLES.bill));
    await checkPage(page, 'active-work-open');

    // Closed ones too: in the address, with a colour of their own.
    await page.getByLabel('closed', { exact: true }).check();
    await itemRow(page, TITLES.legacy).getByText('closed', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('active,stale,confirmed,closed');
    const colours = await Promise.all(Object.values(TITLES).map((t) => badgeColour(page, t)));
    expect(new Set(colours).size).toBe(3); // active (twice), stale, closed
    await open(page, TITLES.legacy);
    const events = itemEvents(page).locator('tbody tr');
    await expect.poll(() => events.count()).toBe(3);
    await events.nth(0).getByText('inference (system)').waitFor();
    await events.nth(0).getByText('matched no item: started this one').waitFor();
    await events.nth(1).getByText('marked stale').waitFor();
    await events.nth(1).getByText('no evidence for 7 days', { exact: false }).waitFor();
    await events.nth(2).getByText('stale → closed').waitFor();
    await events.nth(2).getByText('sweep (system)').waitFor();
    await events.nth(2).getByText('stale, no evidence for 30 days: closed automatically').waitFor();
    expect(await button(page, 'Reopen').count()).toBe(1);
    expect(await button(page, 'Confirm').count()).toBe(0);
    await checkPage(page, 'active-work-closed-item');

    // The project's timeline, by type; a reload keeps it all.
    await page.getByLabel('Type of event').selectOption('stale_marked');
    const timeline = page.getByRole('table', { name: `Active Work timeline of ${PROJECT}, newest first` });
    await expect.poll(() => timeline.locator('tbody tr').count()).toBe(2);
    expect(await timeline.locator('tbody tr').filter({ hasText: 'marked stale' }).count()).toBe(2);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: TITLES.legacy }).waitFor();
    await itemRow(page, TITLES.legacy).waitFor();
    await expect.poll(() => timeline.locator('tbody tr').count()).toBe(2);
    await context.close();
  });

  it('confirms an item with a reason: its event, its audit entry, and its evidence linked to the memory', async () => {
    const { ui } = scene;
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, scene.adminKey, PAGE);
    await open(page, TITLES.bill);
    const evidence = page.getByRole('table', { name: 'Evidence, newest first' }).locator('tbody tr');
    await expect.poll(() => evidence.count()).toBe(2);
    await evidence
      .nth(0)
      .getByText(/^audit:/)
      .waitFor();
    expect(await evidence.nth(0).getByRole('link').count()).toBe(0);
    const memoryLink = evidence.nth(1).getByRole('link', { name: /^memory:mem_/ });
    const memoryId = (await memoryLink.textContent())?.slice('memory:'.length) ?? '';

    await page.getByLabel('Reason (optional)').fill('Planned for 2.4');
    await button(page, 'Confirm').click();
    await page.getByRole('status').filter({ hasText: 'Confirmed: the item is now confirmed.' }).waitFor();
    await itemRow(page, TITLES.bill).getByText('confirmed', { exact: true }).waitFor();
    // The list and the detail are read again: Confirm goes once the detail says confirmed.
    await expect.poll(() => button(page, 'Confirm').count()).toBe(0);
    await button(page, 'Close').waitFor();
    expect(await page.getByLabel('Reason (optional)').inputValue()).toBe('');
    const confirmed = itemEvents(page).locator('tbody tr').filter({ hasText: 'active → confirmed' });
    await confirmed.getByText('Planned for 2.4').waitFor();
    await confirmed.getByText('admin@localhost').waitFor();
    await confirmed.getByText('by hand').waitFor();
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'active_work.manual_confirm',
      target: {
        id: scene.ids.bill,
        params: { project_key: PROJECT, item_id: scene.ids.bill, reason: 'Planned for 2.4' },
      },
    });
    await checkPage(page, 'active-work-confirmed');

    await memoryLink.click();
    await page.getByRole('heading', { level: 1, name: 'Memory' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/memories/${memoryId}`);
    await page.getByText(TITLES.bill).first().waitFor();
    await context.close();
  });

  it('closes an item with a reason, then reopens it', async () => {
    const { ui } = scene;
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, scene.adminKey, `${PAGE}&item=${scene.ids.bill}`);
    await page.getByRole('heading', { level: 2, name: TITLES.bill }).waitFor();
    await page.getByLabel('Reason (optional)').fill('Shipped in 2.4.0');
    await button(page, 'Close').click();
    await page.getByRole('status').filter({ hasText: 'Closed: the item is now closed.' }).waitFor();
    // Gone from the open items; its detail stays, closed by hand.
    await expect.poll(() => itemRow(page, TITLES.bill).count()).toBe(0);
    await page.getByText('closed by hand: new evidence is kept but never reopens it').waitFor();
    expect(await button(page, 'Close').count()).toBe(0);

    await button(page, 'Reopen').click();
    await page.getByRole('status').filter({ hasText: 'Reopened: the item is now active.' }).waitFor();
    await itemRow(page, TITLES.bill).getByText('active', { exact: true }).waitFor();
    await button(page, 'Confirm').waitFor();
    await page.getByLabel('Type of event').selectOption('reopened');
    const timeline = page.getByRole('table', { name: `Active Work timeline of ${PROJECT}, newest first` });
    await expect.poll(() => timeline.locator('tbody tr').count()).toBe(1);
    await timeline.locator('tbody tr').filter({ hasText: 'closed → active' }).waitFor();
    const [reopened, closed] = await auditEntries();
    expect([reopened?.action, reopened?.target.params.reason]).toEqual([
      'active_work.manual_reopen',
      undefined,
    ]);
    expect([closed?.action, closed?.target.params.reason]).toEqual([
      'active_work.manual_close',
      'Shipped in 2.4.0',
    ]);
    await context.close();
  });

  it('says so when the item was changed meanwhile (409), and shows it as it is now', async () => {
    const { ui } = scene;
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, scene.adminKey, `${PAGE}&item=${scene.ids.retry}`);
    await page.getByRole('heading', { level: 2, name: TITLES.retry }).waitFor();
    await button(page, 'Confirm').waitFor();
    // Someone else confirms it first.
    await ok(ui.call('POST', `/v1/active-work/${scene.ids.retry}/confirm`, scene.adminKey, {}));
    const refusal = await ui.call('POST', `/v1/active-work/${scene.ids.retry}/confirm`, scene.adminKey, {});
    expect(refusal.status).toBe(409);
    await button(page, 'Confirm').click();
    await page
      .getByRole('alert')
      .filter({ hasText: `The item was not confirmed: ${refusal.json.error.message}` })
      .waitFor();
    await page.getByText('Nothing changed: the item is no longer in a status this applies to').waitFor();
    await itemRow(page, TITLES.retry).getByText('confirmed', { exact: true }).waitFor();
    await expect.poll(() => button(page, 'Confirm').count()).toBe(0);
    await checkPage(page, 'active-work-conflict');
    await context.close();
  });

  it('works 390 px wide', async () => {
    const { ui } = scene;
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, scene.adminKey, `${PAGE}&item=${scene.ids.search}`);
    await page.getByRole('heading', { level: 2, name: TITLES.search }).waitFor();
    await itemRow(page, TITLES.search).waitFor();
    await checkPage(page, 'active-work-narrow');
    await context.close();
  });
});

describe('Active Work, as a project reader', () => {
  it('reads the items, their evidence and timeline, with no way to change them', async () => {
    const { ui } = scene;
    const refused = await ui.call('POST', `/v1/active-work/${scene.ids.search}/close`, scene.readerKey, {});
    expect(refused.status).toBe(403);
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, scene.readerKey, PAGE);
    await page.getByText('(you can read its Active Work; project maintainers').waitFor();
    await itemRow(page, TITLES.search).getByText('stale', { exact: true }).waitFor();
    await open(page, TITLES.search);
    await itemEvents(page).locator('tbody tr').filter({ hasText: 'marked stale' }).waitFor();
    expect(await page.getByRole('group', { name: 'Change the status by hand' }).count()).toBe(0);
    for (const name of ['Confirm', 'Close', 'Reopen']) expect(await button(page, name).count()).toBe(0);
    expect(await page.getByLabel('Reason (optional)').count()).toBe(0);
    await checkPage(page, 'active-work-reader');
    await context.close();
  });
});
