import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The audit log and the access timeline in a real Chromium against a real server: membership
 * changes seeded through the API (add, change a role, remove), then read, filtered, paged,
 * expanded, copied, grouped by correlation id and the chain verified; a member is refused.
 */
let ui: UiServer;
let adminKey: string;
const users: Record<string, { id: string; key: string }> = {};
const PROJECT = 'codehost:acme/api';

/** A new user with a key of their own (the one-time link opened as a script would). */
async function makeUser(email: string): Promise<{ id: string; key: string }> {
  const user = await ui.call('POST', '/v1/users', adminKey, { email });
  const reset = await ui.call('POST', `/v1/users/${user.json.id}/api-keys/reset`, adminKey);
  const linkPath = new URL(reset.json.one_time_url).pathname;
  const key = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
  return { id: user.json.id as string, key };
}

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<void> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
}

beforeAll(async () => {
  ui = await startUi();
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  await ok(ui.call('POST', '/v1/workspaces/acme/projects', adminKey, { key: PROJECT }));
  for (const name of ['bob', 'carol', 'dave', 'mia', 'erin'])
    users[name] = await makeUser(`${name}@example.com`);
  const member = (name: string, role: string) =>
    ok(ui.call('POST', '/v1/workspaces/acme/members', adminKey, { user_id: users[name]?.id, role }));
  const projectMember = (name: string, role: string) =>
    ok(
      ui.call('POST', `/v1/projects/${encodeURIComponent(PROJECT)}/members`, adminKey, {
        workspace_key: 'acme',
        user_id: users[name]?.id,
        role,
      }),
    );
  const project = `/v1/projects/${encodeURIComponent(PROJECT)}/members`;
  await member('bob', 'member');
  await member('carol', 'member');
  await member('dave', 'admin');
  await member('mia', 'member');
  await projectMember('bob', 'writer');
  await projectMember('carol', 'reader');
  await ok(ui.call('PATCH', `/v1/workspaces/acme/members/${users.bob?.id}`, adminKey, { role: 'admin' }));
  await ok(
    ui.call('PATCH', `${project}/${users.carol?.id}`, adminKey, { workspace_key: 'acme', role: 'writer' }),
  );
  // Removing bob ends his project membership too: two entries sharing one correlation id.
  await ok(ui.call('DELETE', `/v1/workspaces/acme/members/${users.bob?.id}`, adminKey));
  await member('erin', 'member');
  await ok(ui.call('DELETE', `${project}/${users.carol?.id}?workspace_key=acme`, adminKey));
}, 180_000);
afterAll(async () => ui?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The access timeline as the API answers it for a query (what the page must show). */
async function timeline(query = ''): Promise<Json[]> {
  const res = await ui.call(
    'GET',
    `/v1/audit/access-timeline?workspace_key=acme&limit=200${query}`,
    adminKey,
  );
  expect(res.status).toBe(200);
  return res.json.items;
}

const summaries = (items: Json[]) => items.map((i: Json) => i.summary as string);
const shownChanges = (page: Page) => page.locator('tbody td[data-label="Change"]').allTextContents();
const shownActions = (page: Page) => page.locator('tbody td[data-label="Action"]').allTextContents();

describe('the audit log', () => {
  it('filters by action prefix, expands an entry, pages with Load more, verifies the chain', async () => {
    const all = (
      await ui.call('GET', '/v1/audit-logs?workspace_key=acme&action_prefix=access.&limit=200', adminKey)
    ).json.items as Json[];
    expect(all.length).toBeGreaterThan(10);
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/audit');
    await page.getByText('Choose whose log to read.').waitFor();
    await checkPage(page, 'audit-choose');

    await page.getByLabel('Log of').selectOption('acme');
    await page.getByLabel('Action starts with').fill('access.');
    await page.getByLabel('Per page').selectOption('10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => shownActions(page)).toEqual(all.slice(0, 10).map((e: Json) => e.action));
    expect(new URL(page.url()).search).toBe('?workspace=acme&prefix=access.&limit=10');

    // The newest entry's details: every field the API answered.
    const newest = all[0];
    await page.getByRole('button', { name: `Details of entry ${newest.seq}`, exact: true }).click();
    const details = page.locator('tr.detail-row');
    await details.getByText(newest.hash).waitFor();
    await details.getByText(newest.request_id).waitFor();
    expect(await details.getByLabel(`Params of entry ${newest.seq}`).textContent()).toBe(
      JSON.stringify(newest.target.params, null, 2),
    );
    await checkPage(page, 'audit-entry');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => shownActions(page)).toEqual(all.slice(0, 20).map((e: Json) => e.action));

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText('Chain intact.').waitFor();
    const verify = (await ui.call('GET', '/v1/audit/verify?workspace_key=acme', adminKey)).json;
    expect(verify.intact).toBe(true);
    await page.getByText(`${verify.entries_checked} entries of workspace acme checked`).waitFor();
    await checkPage(page, 'audit-verified');

    // Reload: the same filtered view, from the address.
    await page.reload();
    await expect.poll(() => shownActions(page)).toEqual(all.slice(0, 10).map((e: Json) => e.action));
    expect(await page.getByLabel('Action starts with').inputValue()).toBe('access.');

    await page.getByLabel('Action starts with').fill('nothing.');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No entries whose action starts with nothing.').waitFor();
    await checkPage(page, 'audit-empty');

    await page.getByLabel('Log of').selectOption({ label: 'Server level' });
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => shownActions(page)).toContain('user.created');
    await context.close();
  });
});

describe('the access timeline', () => {
  it('narrows the rows by each filter, keeps them in the address, and shows a refusal verbatim', async () => {
    const everything = await timeline();
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/access?workspace=acme');
    await expect.poll(() => shownChanges(page)).toEqual(summaries(everything));
    await page
      .locator('td[data-label="Change"]')
      .filter({ hasText: 'removed bob@example.com from workspace acme (was ADMIN)' })
      .waitFor();
    await checkPage(page, 'access-timeline');

    const apply = () => page.getByRole('button', { name: 'Apply filters' }).click();
    const clear = async () => {
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect.poll(() => shownChanges(page)).toEqual(summaries(everything));
    };
    const only = async (query: string, check: (s: string) => boolean) => {
      const expected = summaries(await timeline(query));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(everything.length);
      expect(expected.every(check)).toBe(true);
      await expect.poll(() => shownChanges(page)).toEqual(expected);
    };

    await page.getByLabel('Project', { exact: true }).selectOption(PROJECT);
    await apply();
    await only(`&project_key=${encodeURIComponent(PROJECT)}`, (s) => s.includes(`project ${PROJECT}`));

    await clear();
    await page.getByLabel('User (whose access changed)').selectOption({ label: 'carol@example.com' });
    await apply();
    await only(`&user_id=${users.carol?.id}`, (s) => s.includes('carol@example.com'));

    // bob is no member now, yet his events can be picked.
    await page.getByLabel('User (whose access changed)').selectOption({ label: 'bob@example.com' });
    await page.getByLabel('Change', { exact: true }).selectOption('remove');
    await apply();
    await only(`&user_id=${users.bob?.id}&action=remove`, (s) => s.includes('removed bob@example.com'));
    expect(await page.getByRole('row').count()).toBe(3);

    await clear();
    await page.getByLabel('Change', { exact: true }).selectOption('change');
    await apply();
    await only('&action=change', (s) => s.includes(' changed '));

    await page.getByLabel('Change', { exact: true }).selectOption('');
    await page.getByLabel('Source').selectOption('codehost');
    await apply();
    await page.getByText('No access change matches these filters.').waitFor();
    expect(await timeline('&source=codehost')).toEqual([]);
    await page.getByLabel('Source').selectOption('manual');
    await apply();
    await expect.poll(() => shownChanges(page)).toEqual(summaries(everything));

    // Dates: nothing before 2020; a range ending before it starts is refused, as the server words it.
    await page.getByLabel('To (your time)').fill('2020-01-01T00:00:00');
    await apply();
    await page.getByText('No access change matches these filters.').waitFor();
    // The end of a range takes in its whole second.
    expect(new URL(page.url()).searchParams.get('to')).toBe(new Date(2020, 0, 1, 0, 0, 0, 999).toISOString());
    await checkPage(page, 'access-empty');
    await page.getByLabel('From (your time)').fill('2020-01-02T00:00:00');
    await apply();
    const refused = await ui.call(
      'GET',
      `/v1/audit/access-timeline?workspace_key=acme&from=${new Date(2020, 0, 2).toISOString()}&to=${new Date(2020, 0, 1).toISOString()}`,
      adminKey,
    );
    expect(refused.status).toBe(400);
    await page.getByRole('alert').filter({ hasText: refused.json.error.message }).waitFor();
    // The server's words about the filter show at its field.
    expect(refused.json.error.details[0].path).toBe('query.from');
    await expect.poll(() => page.getByLabel('From (your time)').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'access-refused');

    // A shared link from an exact time: the events since then, the filter shown in its field; the
    // exact time survives applying another filter, and a reload.
    const since = everything[4].created_at as string;
    await page.goto(`${ui.baseUrl}/admin/access?workspace=acme&from=${encodeURIComponent(since)}`);
    await only(`&from=${encodeURIComponent(since)}`, (s) => summaries(everything).includes(s));
    expect(await page.getByLabel('From (your time)').inputValue()).not.toBe('');
    await page.getByLabel('Source').selectOption('manual');
    await apply();
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBe('manual');
    expect(new URL(page.url()).searchParams.get('from')).toBe(since);
    await page.reload();
    await only(`&from=${encodeURIComponent(since)}&source=manual`, () => true);
    expect(await page.getByLabel('Source').inputValue()).toBe('manual');
    await context.close();
  });

  it('copies an entry as JSON and shows the events of one correlation id together', async () => {
    const everything = await timeline();
    const { context, page } = await ui.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, ui.baseUrl, adminKey, '/admin/access?workspace=acme');
    const removal = everything.find((e: Json) =>
      e.summary.includes('removed bob@example.com from workspace'),
    );
    await page.getByRole('button', { name: `Details of: ${removal.summary}`, exact: true }).click();
    await page.getByRole('button', { name: 'Copy JSON' }).click();
    await page.getByText('Copied.').waitFor();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(removal);
    await checkPage(page, 'access-details');

    await page.getByRole('button', { name: 'Show its events together' }).click();
    const group = everything.filter((e: Json) => e.correlation_id === removal.correlation_id);
    expect(group).toHaveLength(2);
    await expect.poll(() => shownChanges(page)).toEqual(summaries(group));
    await page.getByText('All 2 events of this batch.').waitFor();
    expect(new URL(page.url()).searchParams.get('correlation')).toBe(removal.correlation_id);
    await checkPage(page, 'access-correlation');
    await page.reload();
    await expect.poll(() => shownChanges(page)).toEqual(summaries(group));
    await page.getByRole('button', { name: 'Back to the whole timeline' }).click();
    await expect.poll(() => shownChanges(page)).toEqual(summaries(everything));
    await context.close();
  });

  it('works 390 px wide', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, adminKey, '/admin/access?workspace=acme');
    const first = (await timeline())[0];
    await page.getByRole('button', { name: `Details of: ${first.summary}`, exact: true }).click();
    await checkPage(page, 'access-narrow');
    await page.goto(`${ui.baseUrl}/admin/audit?workspace=acme&limit=10`);
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText('Chain intact.').waitFor();
    await checkPage(page, 'audit-narrow');
    await context.close();
  });
});

describe('who may read them', () => {
  it('explains to a plain member, who gets no data, and shows the server refusing them verbatim', async () => {
    const mia = users.mia?.key ?? '';
    const refusal = await ui.call('GET', '/v1/audit/access-timeline?workspace_key=acme', mia);
    expect(refusal.status).toBe(403);
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, mia, '/admin/access?workspace=acme');
    await page.getByText('Only workspace admins and owners can read the audit log').waitFor();
    await page.getByText('your role is member').waitFor();
    await page.getByRole('alert').filter({ hasText: refusal.json.error.message }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
    await checkPage(page, 'access-member');

    await page.goto(`${ui.baseUrl}/admin/audit?workspace=acme`);
    await page.getByRole('alert').filter({ hasText: refusal.json.error.message }).waitFor();
    expect(await page.getByRole('button', { name: 'Verify chain' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await page.goto(`${ui.baseUrl}/admin/audit`);
    await page.getByText('You are admin or owner of no workspace.').waitFor();
    await checkPage(page, 'audit-member');
    await context.close();
  });

  it('offers a workspace admin their workspace, but not the server level', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, users.dave?.key ?? '', '/admin/audit');
    const scope = page.getByLabel('Log of');
    await scope.locator('option[value="acme"]').waitFor({ state: 'attached' });
    expect(await scope.locator('option').allTextContents()).toEqual(['Choose a workspace', 'acme']);
    await scope.selectOption('acme');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText('Chain intact.').waitFor();
    await context.close();
  });
});
