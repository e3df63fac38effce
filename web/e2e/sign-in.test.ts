import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The Admin UI's way in and out, in a real Chromium against a real server: the first-start link,
 * sign-in, sign-out, CSRF, other sites, link previews, a member's view, keys and users.
 */
let ui: UiServer;
let adminKey: string;

beforeAll(async () => {
  ui = await startUi();
}, 120_000);
afterAll(async () => ui?.close());

describe('the first start', () => {
  it('a link preview leaves the link unused; the page reveals the key on a press and signs in with it', async () => {
    // A chat posting the link fetches it at once: that must not use it up.
    const preview = await fetch(ui.firstLink, {
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0', accept: '*/*' },
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).not.toMatch(/ctxh_/);

    const { context, page } = await ui.newPage();
    await page.goto(ui.firstLink);
    await expect.poll(() => page.getByRole('button', { name: 'Reveal my key' }).isVisible()).toBe(true);
    expect(await page.content()).not.toMatch(/ctxh_[0-9A-Za-z]{38}/);
    await checkPage(page, 'one-time-link');
    await page.getByRole('button', { name: 'Reveal my key' }).click();
    const key = (await page.locator('code.key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^ctxh_[0-9A-Za-z]{38}$/);
    adminKey = key;
    await checkPage(page, 'one-time-key');
    await page.getByRole('button', { name: 'Sign in to the Admin UI with this key' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(page.url()).toBe(`${ui.baseUrl}/admin/`);
    await page.getByText('server administrator').first().waitFor();
    // The key is in no storage of the browser: only the HttpOnly session cookie.
    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(storage).not.toContain('ctxh_');
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
      ['ctxhub_session', true, 'Strict'],
    ]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await checkPage(page, 'overview');

    // Used once: a second opening is refused.
    await page.goto(ui.firstLink);
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await context.close();
  });
});

describe('signed in', () => {
  it('shows the API error verbatim for a bad key, then signs in at the address asked for', async () => {
    const { context, page } = await ui.newPage();
    await page.goto(`${ui.baseUrl}/admin/api-keys`);
    await page.getByLabel('API key').fill('ctxh_not-a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid API key' }).waitFor();
    await checkPage(page, 'sign-in-error');
    await page.getByLabel('API key').fill(adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    // Reload and a shared link land on the same page.
    await page.reload();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await context.close();
  });

  it('refuses a write without the CSRF token, and a form posted from another site changes nothing', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey);
    const before = (await ui.call('GET', '/v1/api-keys', adminKey)).json.items.length;
    const status = await page.evaluate(async () => {
      const res = await fetch('/v1/api-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ label: 'forged' }),
      });
      return res.status;
    });
    expect(status).toBe(403);

    // Another site (localhost is another site than 127.0.0.1) posts a form at the API.
    const target = `${ui.baseUrl}/v1/api-keys`;
    const evil: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<form method="post" action="${target}" enctype="text/plain"><input name='{"label":"x","a":"' value='"}'></form>
<script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const port = (evil.address() as { port: number }).port;
    const answer = page.waitForResponse((res) => res.url() === target);
    await page.goto(`http://localhost:${port}/`);
    expect((await answer).status()).toBe(401); // SameSite=Strict: the cookie never went along
    evil.close();
    expect((await ui.call('GET', '/v1/api-keys', adminKey)).json.items).toHaveLength(before);
    await context.close();
  });

  it('creates a key (shown once, copyable) and revokes one after a confirmation', async () => {
    const { context, page } = await ui.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, ui.baseUrl, adminKey, '/admin/api-keys');
    await page.getByLabel('Label').fill('laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = (await page.getByTestId('new-key').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^ctxh_/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect((await ui.call('GET', '/v1/me', shown)).status).toBe(200);
    await checkPage(page, 'api-keys');

    const row = page.getByRole('row').filter({ hasText: 'laptop' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await checkPage(page, 'api-keys-confirm');
    await row.getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('revoked').waitFor();
    expect((await ui.call('GET', '/v1/me', shown)).status).toBe(401);
    await context.close();
  });

  it('lets a server admin create a user and reset their keys, showing the one-time link', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/api-keys/users');
    await page.getByLabel('E-mail').fill('dev@example.com');
    await page.getByLabel('Name (optional)').fill('Dev');
    await page.getByRole('button', { name: 'Create user' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'dev@example.com' });
    await row.waitFor();
    // The same e-mail again: the server's refusal, shown as it worded it.
    await page.getByLabel('E-mail').fill('dev@example.com');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('alert').filter({ hasText: 'The user was not created' }).waitFor();
    await row.getByRole('button', { name: 'Reset keys' }).click();
    await row.getByRole('button', { name: 'Reset keys' }).click();
    const link = (await page.getByTestId('one-time-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/v1\/api-keys\/one-time\//);
    await checkPage(page, 'users');
    await context.close();
  });

  it('shows a member no admin controls, and the server refuses them anyway', async () => {
    const user = await ui.call('POST', '/v1/users', adminKey, { email: 'member@example.com' });
    const reset = await ui.call('POST', `/v1/users/${user.json.id}/api-keys/reset`, adminKey);
    const linkPath = new URL(reset.json.one_time_url).pathname; // the server listens on a port it was not told
    const memberKey = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, memberKey, '/admin/api-keys');
    await page.getByRole('heading', { name: 'Your keys' }).waitFor();
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto(`${ui.baseUrl}/admin/api-keys/users`);
    await page.getByText('Only server administrators manage users.').waitFor();
    await checkPage(page, 'member-view');
    const status = await page.evaluate(async () => (await fetch('/v1/users')).status);
    expect(status).toBe(403);
    await context.close();
  });

  it('works 390 px wide, with the menu behind a button', async () => {
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, adminKey);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'first start' }).waitFor();
    await checkPage(page, 'api-keys-narrow');
    await context.close();
  });

  it('signs out: the sign-in page, and the old cookie signs nobody in', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey);
    const [cookie] = await context.cookies();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to ctxhub' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Sign in to ctxhub' }).waitFor();
    const res = await fetch(`${ui.baseUrl}/v1/me`, {
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(res.status).toBe(401);
    await context.close();
  });

  it('ends the session when its key is revoked: the next page is the sign-in page', async () => {
    const made = await ui.call('POST', '/v1/api-keys', adminKey, { label: 'short-lived' });
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, made.json.api_key);
    expect((await ui.call('POST', `/v1/api-keys/${made.json.id}/revoke`, adminKey)).status).toBe(200);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'Sign in to ctxhub' }).waitFor();
    await context.close();
  });
});
