import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, holdBack, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The Message templates section in a real Chromium against a real server: the workspace's locales
 * (a refusal verbatim), the chat policy, the template editor with its live preview (a template
 * that does not parse, with line and column), saving and removing an override, the "as sent"
 * preview in plain words, another locale's built-in text, a reload; and a workspace admin demoted
 * while the page is open (the server's 403 verbatim), then reading it as a plain member.
 */
let ui: UiServer;
let adminKey: string;
let carolKey: string;
let carolId: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

beforeAll(async () => {
  ui = await startUi();
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  const carol = await ok(
    ui.call('POST', '/v1/users', adminKey, { email: 'carol@example.com', name: 'Carol' }),
  );
  carolId = carol.id as string;
  const reset = await ok(ui.call('POST', `/v1/users/${carolId}/api-keys/reset`, adminKey));
  const linkPath = new URL(reset.one_time_url).pathname;
  carolKey = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces/acme/members', adminKey, { user_id: carolId, role: 'admin' }));
}, 180_000);
afterAll(async () => ui?.close());

const policy = async (type = 'chat'): Promise<Json> =>
  ok(ui.call('GET', `/v1/outbound-policies/${type}?workspace_key=acme`, adminKey));

/** What the server answers for a render of raw.search (the page must show the same, verbatim). */
async function render(body: Record<string, unknown>, key = adminKey) {
  return ui.call('POST', '/v1/outbound/render', key, {
    workspace_key: 'acme',
    integration_type: 'chat',
    action_key: 'raw.search',
    params: { project_key: 'github:acme/api', q: 'retry backoff', count: 3 },
    ...body,
  });
}

const asSent = (page: Page) => page.getByTestId('as-sent');
const preview = (page: Page) => page.getByTestId('preview');
const template = (page: Page) => page.getByRole('textbox', { name: /^Template in/ });

describe('message templates, as a workspace admin', () => {
  // One long flow, about 25 s on a quiet 2-core machine: the default 30 s left it no room.
  it('sets the locales, edits, previews, saves and removes an override, and keeps the view on reload', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/messages');
    await page.getByText('Choose a workspace to see its message locales and templates.').waitFor();
    await checkPage(page, 'messages-choose');

    await page.getByLabel('Workspace', { exact: true }).selectOption('acme');
    expect(new URL(page.url()).search).toBe('?workspace=acme&type=chat');
    await page.getByText('No template overrides: every message uses the built-in templates.').waitFor();
    await page.getByText('No policy of its own yet').waitFor();
    await page.getByText('Choose an action to see its message').waitFor();
    await checkPage(page, 'messages-empty');

    // Locales: German and pt-BR supported; a default that is not supported is refused verbatim.
    const locales = page.getByRole('form', { name: 'Workspace locales' });
    await locales.getByLabel('German (de)').check();
    await locales.getByLabel('Another locale').fill('pt-BR');
    await locales.getByRole('button', { name: 'Add locale' }).click();
    await locales.getByLabel('Brazilian Portuguese (pt-BR)').waitFor();
    await locales.getByLabel('Default outbound locale').selectOption('fr');
    await locales.getByRole('button', { name: 'Save locales' }).click();
    const refusal = await ui.call('PUT', '/v1/workspaces/acme/outbound-settings', adminKey, {
      default_outbound_locale: 'fr',
      supported_locales: ['en', 'de', 'pt-BR'],
    });
    expect(refusal.status).toBe(400);
    await locales.getByRole('alert').filter({ hasText: refusal.json.error.message }).waitFor();
    await checkPage(page, 'messages-locales-refused');
    await locales.getByLabel('Default outbound locale').selectOption('de');
    await locales.getByLabel('Reason (kept in the audit log)').fill('the team writes German');
    await locales.getByRole('button', { name: 'Save locales' }).click();
    await locales.getByText('Saved.').waitFor();
    expect(await ok(ui.call('GET', '/v1/workspaces/acme/outbound-settings', adminKey))).toMatchObject({
      default_outbound_locale: 'de',
      supported_locales: ['en', 'de', 'pt-BR'],
    });
    const audit = await ok(
      ui.call('GET', '/v1/audit-logs?workspace_key=acme&action_prefix=workspace_settings', adminKey),
    );
    expect(JSON.stringify(audit.items[0])).toContain('the team writes German');

    // The editor: raw.search, German by default; what the workspace sends now, in plain words.
    await page.getByLabel('Action', { exact: true }).selectOption('raw.search');
    await page.getByTestId('action-description').getByText('raw session messages were searched').waitFor();
    await page.getByRole('button', { name: 'Insert {{ q }}' }).waitFor();
    await asSent(page).getByText('German, the workspace default; built-in template').waitFor();
    await asSent(page).getByText('Sitzungsrohdaten').waitFor();
    expect(new URL(page.url()).searchParams.get('action')).toBe('raw.search');

    // English: type a template, see the preview follow it; a variable inserted at the cursor.
    await page.getByLabel('Locale', { exact: true }).selectOption('en');
    await page.getByLabel('Template in English (Liquid): none saved, the built-in one applies').waitFor();
    await page.getByTestId('current-message').getByText('searched the raw sessions').waitFor();
    // The built-in template as a starting point: its Liquid source in the editor.
    await page.getByRole('button', { name: 'Start from the current template' }).click();
    await expect.poll(() => template(page).inputValue()).toContain('{{ q }}');
    await preview(page).getByText('searched the raw sessions').waitFor();
    await template(page).fill('Searched for {{ q }}: ');
    await preview(page).getByText('Searched for retry backoff:').waitFor();
    await page.getByRole('button', { name: 'Insert {{ count }}' }).click();
    await expect.poll(() => template(page).inputValue()).toBe('Searched for {{ q }}: {{ count }}');
    await preview(page).getByText('Searched for retry backoff: 3').waitFor();
    await page.getByLabel('Example values (JSON, used by the previews)').fill('{"q": "deploy", "count": 7}');
    await preview(page).getByText('Searched for deploy: 7').waitFor();
    await preview(page).getByText('English, the locale asked for; the template being edited').waitFor();
    await checkPage(page, 'messages-preview');

    // A template that does not parse: the server's message, with line and column, verbatim.
    await template(page).fill('Hello\n{{ q | nosuch }}');
    const broken = await render({ locale: 'en', template: 'Hello\n{{ q | nosuch }}' });
    expect(broken.status).toBe(400);
    expect(broken.json.error.message).toMatch(/nosuch \(line 2, column \d+\)/);
    await preview(page).getByRole('alert').filter({ hasText: broken.json.error.message }).waitFor();
    await checkPage(page, 'messages-template-error');

    // Saved: the policy holds it; the chat policy's default then makes it what is sent.
    await template(page).fill('Searched for {{ q }}: {{ count }}');
    await preview(page).getByText('Searched for deploy: 7').waitFor();
    await page.getByRole('button', { name: 'Save override' }).click();
    await page.getByText('Override saved.').waitFor();
    expect((await policy()).template_overrides).toEqual({
      'raw.search': { en: 'Searched for {{ q }}: {{ count }}' },
    });
    await page.getByRole('button', { name: 'Open raw.search in en' }).waitFor();
    await asSent(page).getByText('German, the workspace default; built-in template').waitFor();
    await page.getByLabel('Default locale of chat messages').selectOption('en');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await asSent(page).getByText("English, the chat policy's default; the workspace's override").waitFor();
    await asSent(page).getByText('Searched for deploy: 7').waitFor();
    expect(await policy()).toMatchObject({
      locale_default: 'en',
      supported_locales: null,
      template_overrides: { 'raw.search': { en: 'Searched for {{ q }}: {{ count }}' } },
    });
    await checkPage(page, 'messages-override-saved');

    // Another locale: German, no override there, its built-in text.
    await page.getByLabel('Locale', { exact: true }).selectOption('de');
    await page.getByLabel('Template in German (Liquid): none saved, the built-in one applies').waitFor();
    expect(await template(page).inputValue()).toBe('');
    await page.getByTestId('current-message').getByText('hat die Sitzungsrohdaten').waitFor();
    await page
      .getByTestId('current-message')
      .getByText('German, the locale asked for; built-in template')
      .waitFor();

    // Back to the override from its row, then removed after a confirmation.
    await page.getByRole('button', { name: 'Open raw.search in en' }).click();
    await page.getByLabel('Template in English (Liquid)', { exact: true }).waitFor();
    expect(await template(page).inputValue()).toBe('Searched for {{ q }}: {{ count }}');
    await page.getByRole('button', { name: 'Remove override' }).click();
    await page.getByText('Remove the raw.search template in English?').waitFor();
    await checkPage(page, 'messages-remove-confirm');
    await page.getByRole('button', { name: 'Remove it' }).click();
    await page.getByText('Override removed.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Open raw.search in en' }).count()).toBe(0);
    expect((await policy()).template_overrides).toEqual({});
    await asSent(page).getByText("English, the chat policy's default; built-in template").waitFor();
    expect(await template(page).inputValue()).toBe('');

    // A reload keeps the workspace, the type, the action and the locale; another type too. The
    // list of workspaces is held back: the chosen one stays shown while it loads.
    const release = await holdBack(page, /\/v1\/workspaces\?/);
    await page.reload();
    await page.getByLabel('Template in English (Liquid): none saved, the built-in one applies').waitFor();
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe('acme');
    await release(page.getByRole('option', { name: 'acme · owner' }));
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe('acme');
    expect(await page.getByLabel('Integration type', { exact: true }).inputValue()).toBe('chat');
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('raw.search');
    await page.getByLabel('Integration type', { exact: true }).selectOption('email');
    const email = page.getByRole('form', { name: 'Policy for email' });
    await email.getByLabel('Its own supported locales').waitFor();
    expect((await policy('email')).updated_at).toBeNull();

    // The email policy's own locales leave German out: the workspace's default gives way to English.
    await email.getByLabel('Its own supported locales').check();
    await email.getByLabel('German (de)').uncheck();
    await email.getByRole('button', { name: 'Save policy' }).click();
    await email.getByText('Saved.').waitFor();
    expect((await policy('email')).supported_locales).toEqual(['en', 'pt-BR']);
    await asSent(page)
      .getByText('English, the fallback (no default locale is allowed here); built-in template')
      .waitFor();
    await page.getByText('German is not allowed for email messages').waitFor();
    await checkPage(page, 'messages-email-policy');
    await page.reload();
    await page.getByText('German is not allowed for email messages').waitFor();
    const url = new URL(page.url());
    expect([url.searchParams.get('workspace'), url.searchParams.get('type')]).toEqual(['acme', 'email']);
    expect(await page.getByLabel('Integration type', { exact: true }).inputValue()).toBe('email');
    await context.close();
  }, 60_000);

  it('fits 390 px wide', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(
      page,
      ui.baseUrl,
      adminKey,
      '/admin/messages?workspace=acme&type=chat&action=raw.search&locale=en',
    );
    await asSent(page).getByText('built-in template').waitFor();
    await page.getByRole('button', { name: 'Insert {{ q }}' }).waitFor();
    await checkPage(page, 'messages-narrow');
    await context.close();
  });
});

describe('message templates, as a workspace member', () => {
  it('shows the refusal of a demoted admin verbatim, then everything read-only, previews allowed', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, carolKey, '/admin/messages?workspace=acme&type=chat');
    const locales = page.getByRole('form', { name: 'Workspace locales' });
    await locales.getByRole('button', { name: 'Save locales' }).waitFor();
    // Demoted while the page is open: the save goes out and the server's 403 shows as it is.
    await ok(ui.call('PATCH', `/v1/workspaces/acme/members/${carolId}`, adminKey, { role: 'member' }));
    await locales.getByLabel('French (fr)').check();
    await locales.getByRole('button', { name: 'Save locales' }).click();
    const refused = await ui.call('PUT', '/v1/workspaces/acme/outbound-settings', carolKey, {
      default_outbound_locale: 'de',
      supported_locales: ['en', 'de', 'pt-BR', 'fr'],
    });
    expect(refused.status).toBe(403);
    await locales.getByRole('alert').filter({ hasText: refused.json.error.message }).waitFor();
    expect(
      (await ok(ui.call('GET', '/v1/workspaces/acme/outbound-settings', adminKey))).supported_locales,
    ).toEqual(['en', 'de', 'pt-BR']);

    // Read again: a plain member sees it all, changes nothing, and may still preview.
    await page.reload();
    await page.getByText('your role in acme is member').waitFor();
    await page.getByRole('heading', { name: 'Policy for chat' }).waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove override' }).count()).toBe(0);
    expect(await locales.getByLabel('French (fr)').isDisabled()).toBe(true);
    expect(await page.getByLabel('Default locale of chat messages').isDisabled()).toBe(true);
    await page.getByLabel('Action', { exact: true }).selectOption('raw.search');
    await page.getByRole('button', { name: 'Insert {{ q }}' }).waitFor();
    await template(page).fill('Looked for {{ q }}');
    await preview(page).getByText('Looked for retry backoff').waitFor();
    await checkPage(page, 'messages-member');
    const put = await ui.call('PUT', '/v1/outbound-policies/chat', carolKey, { workspace_key: 'acme' });
    expect(put.status).toBe(403);
    await context.close();
  });
});
