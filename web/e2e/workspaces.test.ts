import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The Workspaces section in a real browser: create a workspace, change its settings (reorder the
 * resolution order, key prefixes, flags), members with role ceilings, projects and their members,
 * project mappings; a member's read-only view.
 */
let ui: UiServer;
let adminKey: string;

/** A user with a key: created by the admin, key revealed through their one-time link (as JSON). */
async function userWithKey(email: string): Promise<{ id: string; key: string }> {
  const user = await ui.call('POST', '/v1/users', adminKey, { email });
  const reset = await ui.call('POST', `/v1/users/${user.json.id}/api-keys/reset`, adminKey);
  const path = new URL(reset.json.one_time_url).pathname;
  const key = ((await (await fetch(`${ui.baseUrl}${path}`)).json()) as { api_key: string }).api_key;
  return { id: user.json.id, key };
}

beforeAll(async () => {
  ui = await startUi();
  const path = new URL(ui.firstLink).pathname;
  adminKey = ((await (await fetch(`${ui.baseUrl}${path}`)).json()) as { api_key: string }).api_key;
}, 120_000);
afterAll(async () => ui?.close());

describe('workspaces', () => {
  it('creates a workspace and saves its settings, audited with the reason', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/workspaces');
    await page.getByText('No workspace yet').waitFor();
    await checkPage(page, 'workspaces-empty');
    await page.getByLabel('Key', { exact: true }).fill('Bad Key');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('alert').filter({ hasText: 'The workspace was not created' }).waitFor();
    await page.getByLabel('Key', { exact: true }).fill('acme');
    await page.getByLabel('Name (optional)').fill('Acme');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    expect(page.url()).toBe(`${ui.baseUrl}/admin/workspaces/acme`);

    await page.getByRole('button', { name: 'Move manual up' }).click();
    await page.getByLabel('Add to Key prefixes').fill('codehost:acme');
    await page.getByRole('button', { name: 'Add', exact: true }).nth(1).click();
    await page.getByLabel('Create projects on first sight').check();
    await page.getByLabel(/Monorepo detection level/).selectOption('1');
    await page.getByLabel(/Mark an item stale after/).fill('10');
    await page.getByLabel(/Close a stale item after/).fill('45');
    await page.getByLabel('Reason (kept in the audit log)').fill('set up for the team');
    await checkPage(page, 'workspace-settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    const saved = (await ui.call('GET', '/v1/workspaces/acme', adminKey)).json;
    expect(saved).toMatchObject({
      resolution_order: ['codehost_remote', 'manual', 'repo_root_slug'],
      key_prefixes: ['codehost:acme'],
      auto_create_project: true,
      monorepo_detection_level: 1,
      active_work_stale_days: 10,
      active_work_auto_close_days: 45,
    });
    const audit = await ui.call(
      'GET',
      '/v1/audit-logs?workspace_key=acme&action_prefix=workspace_settings.',
      adminKey,
    );
    expect(audit.json.items[0].target.params).toMatchObject({ reason: 'set up for the team' });
    // A reload shows what the server holds.
    await page.reload();
    await expect.poll(() => page.getByLabel('Create projects on first sight').isChecked()).toBe(true);
    await context.close();
  });

  it('adds members, changes a role, shows the role ceiling when refused, removes after a confirmation', async () => {
    const ann = await userWithKey('ann@example.com');
    await userWithKey('bob@example.com');
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/workspaces/acme/members');
    await page.getByLabel('E-mail of an existing user').fill('ann@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('row').filter({ hasText: 'ann@example.com' }).waitFor();
    await page.getByLabel('E-mail of an existing user').fill('bob@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Add member' }).click();
    const bob = page.getByRole('row').filter({ hasText: 'bob@example.com' });
    await bob.waitFor();
    await page.getByLabel('E-mail of an existing user').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('alert').filter({ hasText: 'nobody@example.com' }).waitFor();
    await checkPage(page, 'workspace-members');
    await context.close();

    // Ann, an admin, may not make Bob an owner: the server refuses and the page says why.
    const annView = await ui.newPage();
    await signIn(annView.page, ui.baseUrl, ann.key, '/admin/workspaces/acme/members');
    await annView.page.getByLabel('Role of bob@example.com').selectOption('owner');
    await annView.page.getByRole('alert').waitFor();
    await annView.page.getByText('Nobody grants, changes or removes a role above their own').waitFor();
    await checkPage(annView.page, 'workspace-members-refused');
    const row = annView.page.getByRole('row').filter({ hasText: 'bob@example.com' });
    await expect.poll(() => row.getByRole('combobox').inputValue()).toBe('member');
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: 'Remove member' }).click();
    await row.waitFor({ state: 'detached' });
    const members = (await ui.call('GET', '/v1/workspaces/acme/members', adminKey)).json.items;
    expect(members.map((m: { email: string }) => m.email).sort()).toEqual([
      'admin@localhost',
      'ann@example.com',
    ]);
    await annView.context.close();
  });

  it('creates a project and manages its members', async () => {
    await ui.call('POST', '/v1/workspaces/acme/members', adminKey, {
      email: 'bob@example.com',
      role: 'member',
    });
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/workspaces/acme/projects');
    await page.getByText('No project you can read').waitFor();
    await page.getByLabel('Key', { exact: true }).fill('codehost:acme/api');
    await page.getByLabel('Name (optional)').fill('Billing API');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('link', { name: 'Billing API' }).click();
    await page.getByRole('heading', { name: 'Billing API' }).waitFor();
    expect(page.url()).toBe(`${ui.baseUrl}/admin/workspaces/acme/projects/codehost%3Aacme%2Fapi`);
    await page.getByLabel('E-mail of an existing user').fill('bob@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('reader');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('row').filter({ hasText: 'bob@example.com' }).waitFor();
    await checkPage(page, 'project-members');
    const members = (
      await ui.call('GET', '/v1/projects/codehost%3Aacme%2Fapi/members?workspace_key=acme', adminKey)
    ).json.items;
    expect(members.find((m: { email: string }) => m.email === 'bob@example.com')?.role).toBe('reader');
    await context.close();
  });

  it('adds, reprioritises, disables and deletes a project mapping', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/workspaces/acme/mappings');
    await page.getByText('No project mappings.').waitFor();
    await page.getByLabel(/^Matches/).fill('git@github.com:acme/billing.git');
    await page.getByLabel('Project key').fill('codehost:acme/api');
    await page.getByRole('button', { name: 'Add mapping' }).click();
    const row = page.getByRole('row').filter({ hasText: 'codehost:acme/api' });
    await row.waitFor();
    await row.getByRole('spinbutton').fill('7');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' });
    // The box shows what the server holds: it clears once the change is saved.
    await row.getByRole('checkbox').click();
    await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(false);
    await expect
      .poll(
        async () => (await ui.call('GET', '/v1/workspaces/acme/project-mappings', adminKey)).json.items[0],
      )
      .toMatchObject({ priority: 7, enabled: false });
    await checkPage(page, 'project-mappings');
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Delete mapping' }).click();
    await page.getByText('No project mappings.').waitFor();
    await context.close();
  });

  it('shows a member the settings read-only, without admin controls; the server refuses them anyway', async () => {
    const carol = await userWithKey('carol@example.com');
    await ui.call('POST', '/v1/workspaces/acme/members', adminKey, {
      email: 'carol@example.com',
      role: 'member',
    });
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, carol.key, '/admin/workspaces/acme');
    await page.getByText('Only the workspace’s owners and admins change its settings.').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('row').filter({ hasText: 'ann@example.com' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await checkPage(page, 'workspace-member-view');
    const refused = await page.evaluate(async () => {
      const session = await (await fetch('/v1/session')).json();
      const res = await fetch('/v1/workspaces/acme', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ name: 'Mine' }),
      });
      return res.status;
    });
    expect(refused).toBe(403);
    await context.close();
  });
});
