import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * A session left unused past SERVICE_UI_SESSION_IDLE_MINUTES (1, its minimum) ends: the next page
 * is the sign-in page, at the address asked for, and the old cookie signs nobody in. The test
 * waits the minute out in real time (the server's clock is its own).
 */
let ui: UiServer;
let adminKey: string;

beforeAll(async () => {
  ui = await startUi({ SERVICE_UI_SESSION_IDLE_MINUTES: '1' });
  const path = new URL(ui.firstLink).pathname;
  adminKey = ((await (await fetch(`${ui.baseUrl}${path}`)).json()) as { api_key: string }).api_key;
}, 120_000);
afterAll(async () => ui?.close());

it('sends an idle session back to the sign-in page, and signs in again where it was', async () => {
  const { context, page } = await ui.newPage();
  await signIn(page, ui.baseUrl, adminKey);
  const [cookie] = await context.cookies();
  await page.waitForTimeout(62_000);
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
