import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * A session that ends while the page is open (here: its API key revoked elsewhere, which ends it at
 * once in every server process) sends the next page to the sign-in page, at the address asked
 * for, and the old cookie signs nobody in; signing in again lands where the user was. The idle
 * and absolute timeouts that also end sessions are checked with a test clock in the sessions
 * module's tests: waiting them out here would cost a minute of real time.
 */
let ui: UiServer;
let adminKey: string;

beforeAll(async () => {
  ui = await startUi();
  const path = new URL(ui.firstLink).pathname;
  adminKey = ((await (await fetch(`${ui.baseUrl}${path}`)).json()) as { api_key: string }).api_key;
}, 120_000);
afterAll(async () => ui?.close());

it('sends a session that ended back to the sign-in page, and signs in again where it was', async () => {
  const laptop = await ui.call('POST', '/v1/api-keys', adminKey, { label: 'laptop' });
  expect(laptop.status).toBe(201);
  const { context, page } = await ui.newPage();
  await signIn(page, ui.baseUrl, laptop.json.api_key);
  const [cookie] = await context.cookies();
  expect((await ui.call('POST', `/v1/api-keys/${laptop.json.id}/revoke`, adminKey)).status).toBe(200);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('heading', { name: 'Sign in to ctxhub' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/api-keys');
  await checkPage(page, 'session-expired');
  const old = await fetch(`${ui.baseUrl}/v1/me`, { headers: { cookie: `${cookie?.name}=${cookie?.value}` } });
  expect(old.status).toBe(401);
  expect(((await old.json()) as { error: { message: string } }).error.message).toMatch(/session has ended/);
  await page.getByLabel('API key').fill(adminKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'API keys' }).waitFor();
  await context.close();
}, 120_000);
