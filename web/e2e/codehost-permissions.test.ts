import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodehostFake } from '../../src/test/fakes/codehost-fake.ts';
import { checkPage, signIn, type UiServer } from './browser.fixtures.ts';
import { ok, startCodehostUi, type CodehostUi, type Json } from './codehost.fixtures.ts';

/**
 * The Code host section's permissions panel in a real Chromium: an admin previews the plan of a
 * permission sync, applies it and follows it to the access timeline, and changes the role mapping;
 * a member sees the mapping read-only.
 */
let ui: UiServer;
let fake: CodehostFake;
let adminKey: string;
let memberKey: string;
let bobId: string;
let scene: CodehostUi | undefined;

beforeAll(async () => {
  scene = await startCodehostUi();
  ({ ui, fake, adminKey, memberKey, bobId } = scene);
}, 180_000);
afterAll(() => scene?.close());

const PERMS = 'perms';
const PERMS_INSTALLATION = 9002;
const PERMS_ACCOUNT = 'perms-org';
const API = `codehost:${PERMS_ACCOUNT}/api`;
const WEB = `codehost:${PERMS_ACCOUNT}/web`;

const permissionsSection = (page: Page) => page.getByRole('region', { name: 'Permissions' });
const changeRows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr');
const projectMembers = async (project: string) =>
  (
    await ok(
      ui.call('GET', `/v1/projects/${encodeURIComponent(project)}/members?workspace_key=${PERMS}`, adminKey),
    )
  ).items.map((m: Json) => `${m.email ?? m.user_id}:${m.role}`) as string[];

/**
 * A second workspace, `perms`, connected to its own installation whose two repositories get
 * projects (auto_create_project): at the code host bob is known by his public e-mail, carol by the
 * login stored on her user (and a reader of web by hand), dana is a ctxhub user outside the
 * workspace and ghost is nobody ctxhub knows.
 */
describe('the code host permissions', () => {
  beforeAll(async () => {
    fake.addInstallation({
      id: PERMS_INSTALLATION,
      account: { login: PERMS_ACCOUNT },
      repositories: [{ full_name: `${PERMS_ACCOUNT}/api` }, { full_name: `${PERMS_ACCOUNT}/web` }],
    });
    await ok(
      ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: PERMS, auto_create_project: true }),
    );
    const carol = await ok(ui.call('POST', '/v1/users', adminKey, { email: 'carol@example.com' }));
    await ok(ui.call('POST', '/v1/users', adminKey, { email: 'dana@example.com' }));
    for (const id of [bobId, carol.id])
      await ok(ui.call('POST', `/v1/workspaces/${PERMS}/members`, adminKey, { user_id: id, role: 'member' }));
    await ok(ui.call('PATCH', `/v1/users/${carol.id}`, adminKey, { codehost_login: 'carol-gh' }));
    fake.setUser('bob-gh', { email: 'bob@example.com' });
    fake.setUser('dana-gh', { email: 'dana@example.com' });
    fake.setCollaborators(`${PERMS_ACCOUNT}/api`, [
      { login: 'bob-gh', permission: 'write' },
      { login: 'dana-gh', permission: 'read' },
      { login: 'ghost-gh', permission: 'read' },
    ]);
    fake.setCollaborators(`${PERMS_ACCOUNT}/web`, [
      { login: 'bob-gh', permission: 'read' },
      { login: 'carol-gh', permission: 'write' },
    ]);
    // Connected as the code host's callback does it; its first sync creates the two projects.
    const { install_url } = await ok(
      ui.call('GET', `/v1/workspaces/${PERMS}/codehost/install-url`, adminKey),
    );
    const state = new URL(install_url as string).searchParams.get('state') ?? '';
    const query = new URLSearchParams({ installation_id: String(PERMS_INSTALLATION), state }).toString();
    const connected = await fetch(`${ui.baseUrl}/v1/auth/codehost/callback?${query}`, {
      headers: { accept: 'application/json' },
    });
    expect(connected.status, await connected.text()).toBe(200);
    // (expect.poll is for tests, not hooks: the installation is read until its first sync has run.)
    let lastSync: Json = null;
    for (const until = Date.now() + 30_000; !lastSync && Date.now() < until;) {
      lastSync = (await ok(ui.call('GET', `/v1/workspaces/${PERMS}/codehost/installation`, adminKey)))
        .last_sync;
      if (!lastSync) await new Promise((r) => setTimeout(r, 250));
    }
    expect(lastSync).toMatchObject({ status: 'ok', projects_created: 2 });
    await ok(
      ui.call('POST', `/v1/projects/${encodeURIComponent(WEB)}/members`, adminKey, {
        workspace_key: PERMS,
        user_id: carol.id,
        role: 'reader',
      }),
    );
  }, 60_000);

  it('previews the plan, applies it and follows it to the access timeline; a new mapping changes the plan', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, `/admin/codehost?workspace=${PERMS}`);
    const section = permissionsSection(page);
    await section.getByRole('heading', { level: 3, name: 'Role mapping' }).waitFor();
    // The mapping in effect: the defaults.
    expect(await section.getByLabel('admin gives').inputValue()).toBe('maintainer');
    expect(await section.getByLabel('write gives').inputValue()).toBe('writer');
    expect(await section.getByLabel('read gives').inputValue()).toBe('reader');
    const apiBefore = await projectMembers(API);

    // A code host failure is said in its words, and nothing is planned.
    fake.failNext(500, { message: 'Server Error (e2e)' });
    await section.getByRole('button', { name: 'Preview changes' }).click();
    await section
      .getByRole('alert')
      .filter({ hasText: 'The changes could not be previewed: Code host answered 500: Server Error (e2e)' })
      .waitFor();
    expect(await section.getByRole('table').count()).toBe(0);

    // Preview: the plan, nothing written.
    await section.getByRole('button', { name: 'Preview changes' }).click();
    const plan =
      'Planned: 2 to add, 0 to change, 0 to remove; 1 membership made by hand left as it is; ' +
      '1 person unknown to ctxhub skipped; 1 person outside the workspace skipped.';
    await section.locator('[aria-live="polite"]').getByText(plan).waitFor();
    await section.getByText('2 linked repositories with a project were read').waitFor();
    const planned = changeRows(page, 'Planned changes');
    await expect.poll(() => planned.count()).toBe(2);
    const bobApi = planned.filter({ hasText: API });
    expect(await bobApi.locator('td[data-label="Change"]').textContent()).toBe('add');
    expect(await bobApi.locator('td[data-label="Person"]').textContent()).toBe('bob@example.com');
    expect(await bobApi.locator('td[data-label="Role"]').textContent()).toBe('none → writer');
    expect(await bobApi.locator('td[data-label="Evidence"]').textContent()).toBe(
      `${PERMS_ACCOUNT}/api: write permission (as bob-gh)`,
    );
    expect(await planned.filter({ hasText: WEB }).locator('td[data-label="Role"]').textContent()).toBe(
      'none → reader',
    );
    await section.getByText('ghost-gh', { exact: true }).waitFor();
    await section.getByText('dana-gh', { exact: true }).waitFor();
    await section.getByText('PATCH /v1/users/:userId', { exact: true }).waitFor();
    await section.getByText('may differ slightly from this list').waitFor();
    expect(await projectMembers(API)).toEqual(apiBefore);
    await checkPage(page, 'codehost-permissions-preview');

    // Apply: the counts, the changes made and the way to the run's access entries.
    await section.getByRole('button', { name: 'Apply these changes' }).click();
    const applied =
      'Applied: 2 added, 0 changed, 0 removed; 1 membership made by hand left as it is; ' +
      '1 person unknown to ctxhub skipped; 1 person outside the workspace skipped.';
    await section.locator('[aria-live="polite"]').getByText(applied).waitFor();
    await expect.poll(() => changeRows(page, 'Applied changes').count()).toBe(2);
    expect(await section.getByRole('button', { name: 'Apply these changes' }).count()).toBe(0);
    expect(await projectMembers(API)).toContain('bob@example.com:writer');
    expect(await projectMembers(WEB)).toEqual(
      expect.arrayContaining(['bob@example.com:reader', 'carol@example.com:reader']),
    );
    const link = section.getByRole('link', { name: 'See this run in the access timeline' });
    const href = new URL((await link.getAttribute('href')) ?? '', ui.baseUrl);
    expect(href.pathname).toBe('/admin/access');
    expect(href.searchParams.get('workspace')).toBe(PERMS);
    const correlation = href.searchParams.get('correlation') ?? '';
    expect(correlation).not.toBe('');
    await section.getByText(correlation, { exact: true }).waitFor();
    await checkPage(page, 'codehost-permissions-applied');

    // The timeline shows the run's two entries together, from the code host.
    await link.click();
    await page.waitForURL(`**/admin/access?workspace=${PERMS}&correlation=${correlation}`);
    await page.getByRole('heading', { name: `Events of correlation ${correlation}` }).waitFor();
    await page.getByText('All 2 events of this batch.', { exact: false }).waitFor();
    const events = page.locator('table tbody tr:not(.detail-row)');
    await expect.poll(() => events.count()).toBe(2);
    expect(await events.locator('td[data-label="Source"]').allTextContents()).toEqual([
      'codehost',
      'codehost',
    ]);
    await events.filter({ hasText: 'bob@example.com' }).first().waitFor();
    await checkPage(page, 'codehost-permissions-timeline');

    // Back on the page: write now gives reader, and the preview says bob's role on api changes.
    await page.goBack();
    await section.getByLabel('write gives').selectOption('reader');
    await section.getByRole('button', { name: 'Save the mapping' }).click();
    await section
      .getByText('Saved: admin and maintain give maintainer; write, triage and read give reader.')
      .waitFor();
    expect(await section.getByLabel('write gives').inputValue()).toBe('reader');
    const status = await ok(ui.call('GET', `/v1/workspaces/${PERMS}/codehost/installation`, adminKey));
    expect(status.role_mapping).toEqual({
      admin: 'maintainer',
      maintain: 'maintainer',
      write: 'reader',
      triage: 'reader',
      read: 'reader',
    });
    await section.getByRole('button', { name: 'Preview changes' }).click();
    await section
      .locator('[aria-live="polite"]')
      .getByText('Planned: 0 to add, 1 to change, 0 to remove;', { exact: false })
      .waitFor();
    const change = changeRows(page, 'Planned changes');
    await expect.poll(() => change.count()).toBe(1);
    expect(await change.locator('td').allTextContents()).toEqual([
      'change role',
      API,
      'bob@example.com',
      'writer → reader',
      `${PERMS_ACCOUNT}/api: write permission (as bob-gh)`,
    ]);
    await checkPage(page, 'codehost-permissions-mapping');
    await context.close();
  }, 90_000);

  it('shows a member the mapping read-only, without preview or apply', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, memberKey, `/admin/codehost?workspace=${PERMS}`);
    const section = permissionsSection(page);
    const facts = section.getByRole('definition');
    await expect.poll(() => facts.count()).toBe(5);
    expect(await facts.allTextContents()).toEqual(['maintainer', 'maintainer', 'reader', 'reader', 'reader']);
    await section.getByText(`your role in ${PERMS} is member`).waitFor();
    expect(await section.getByRole('combobox').count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Preview|Apply|Save/ }).count()).toBe(0);
    await checkPage(page, 'codehost-permissions-member-390');
    const refused = await ui.call(
      'POST',
      `/v1/workspaces/${PERMS}/codehost/sync-permissions?dry_run=true`,
      memberKey,
    );
    expect(refused.status).toBe(403);
    await context.close();
  }, 60_000);
});
