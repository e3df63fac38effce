import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelFake } from '../../src/test/fakes/model-fake.ts';
import { SlackWebhookFake } from '../../src/test/fakes/slack-webhook-fake.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * The audit reasoner in a real Chromium against a real server posting to a Slack webhook fake and
 * asking a language model fake, both on 127.0.0.1: the reasoner configured on its Integrations
 * card, then an audited change without a reason explained (the card's usage, the audit log's
 * entry, the delivery that included it); a model that refuses (a failed explanation, left out of
 * the message); a model that answers late (being explained, left out after the wait, shown once
 * it comes).
 */
let ui: UiServer;
let slack: SlackWebhookFake;
let model: ModelFake;
let adminKey: string;
const CAP = 20;
/**
 * How long a message waits for its explanation (SERVICE_AUDIT_REASONER_WAIT_MS): above the 5 s
 * default, so a model fake answering at once is never left out on a loaded machine.
 */
const WAIT_S = 8;
const HOUR_MS = 3_600_000;
const EXPLAINED = 'The workspace was renamed; links and dashboards that show its name change too.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

const deliveries = async (): Promise<Json[]> =>
  (await ok(ui.call('GET', '/v1/workspaces/acme/deliveries', adminKey))).items;
const entries = async (): Promise<Json[]> =>
  (await ok(ui.call('GET', '/v1/audit-logs?workspace_key=acme', adminKey))).items;
const usage = (): Promise<Json> => ok(ui.call('GET', '/v1/workspaces/acme/model-usage', adminKey));

/** Renames the workspace without a reason (an audited change chat sends); its audit entry. */
async function rename(name: string): Promise<Json> {
  await ok(ui.call('PATCH', '/v1/workspaces/acme', adminKey, { name }));
  const entry = (await entries()).find((e) => e.action === 'workspace_settings.updated');
  expect(entry?.target.params.changes).toMatchObject({ name: { to: name } });
  return entry;
}

/** The delivery of `entry` once it has finished (delivered or failed). */
async function finishedDelivery(entry: Json): Promise<Json> {
  await expect
    .poll(async () => (await deliveries()).find((d) => d.audit_id === entry.id)?.finished_at ?? null, {
      timeout: (WAIT_S + 10) * 1000,
    })
    .not.toBeNull();
  return (await deliveries()).find((d) => d.audit_id === entry.id);
}

/**
 * Waits for the next clock hour (UTC) when it is less than 30 s away, so the calls made next and
 * the card reading them fall in the same hour and day: "this hour" starts again at 0 on the hour.
 */
async function clearOfTheHour(): Promise<void> {
  const left = HOUR_MS - (Date.now() % HOUR_MS);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** A number as the page's own locale writes it (the UI groups digits as the browser's locale does). */
const shown = (page: Page, n: number): Promise<string> => page.evaluate((v) => v.toLocaleString(), n);

const reasonerCard = (page: Page): Locator =>
  page.locator('section[aria-labelledby="int-audit_reasoner-title"]');
const entryRow = (page: Page, action: string): Locator =>
  page.locator('tbody tr', { has: page.getByText(action, { exact: true }) }).first();

/** The cells of the usage table's row headed `name`: calls, failures, input and output tokens. */
async function usageRow(card: Locator, name: string): Promise<string[]> {
  return card
    .getByRole('row', { name: new RegExp(`^${name}\\b`) })
    .getByRole('cell')
    .allTextContents();
}

beforeAll(async () => {
  slack = await new SlackWebhookFake().listen();
  model = await new ModelFake().listen();
  ui = await startUi({
    SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
    SERVICE_MODEL_HOURLY_CALL_CAP: String(CAP),
    SERVICE_AUDIT_REASONER_WAIT_MS: String(WAIT_S * 1000),
  });
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  await ok(
    ui.call('PUT', '/v1/integrations', adminKey, {
      workspace_key: 'acme',
      provider: 'chat',
      enabled: true,
      config: { webhook_url: slack.url, default_channel: '#audit' },
    }),
  );
}, 180_000);
afterAll(async () => {
  await ui?.close();
  await slack?.close();
  await model?.close();
});

describe('the audit reasoner in the Admin UI', () => {
  it('is configured on its card, then its explanation shows on the card, the audit log and the deliveries', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/integrations?workspace=acme');
    const card = reasonerCard(page);
    await card.getByText(`0 of ${CAP} calls this hour`).waitFor();
    await card.getByText('No calls in the last 30 days.').waitFor();
    await card.getByText('While it is off, nothing is sent to a model.').waitFor();

    await card.getByLabel('LLM provider').selectOption('openai');
    await card.getByLabel('Model', { exact: true }).fill('gpt-test');
    await card.getByLabel('Base URL').fill(model.baseUrl);
    await card.getByRole('button', { name: 'Set API key' }).click();
    await card.getByLabel('New API key').fill(model.apiKey);
    await card.getByLabel('Enabled').check();
    // Saved with a reason: that change is explained by its reason, and asks the model nothing.
    await card.getByLabel('Reason (kept in the audit log)').fill('explain chat notifications');
    await card.getByRole('button', { name: 'Save audit reasoner' }).click();
    await card.getByText('Saved.').waitFor();
    await card.getByText('configured', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(model.apiKey);
    await checkPage(page, 'audit-reasoner-configured');
    const saved = (await entries()).find((e) => e.action.startsWith('integration.'));
    expect((await finishedDelivery(saved)).explanation).toBe('none');
    expect(model.calls).toHaveLength(0);

    model.script = () => EXPLAINED;
    await clearOfTheHour();
    const entry = await rename('Acme Platform');
    const delivery = await finishedDelivery(entry);
    expect(delivery).toMatchObject({ status: 'delivered', explanation: 'included', explanation_note: null });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]).toMatchObject({ shape: 'openai', apiKey: model.apiKey });
    const counted = await usage();
    expect(counted.this_hour).toMatchObject({ calls: 1, failures: 0 });
    expect(counted.this_hour.input_tokens).toBeGreaterThan(0);
    expect(counted.this_hour.output_tokens).toBeGreaterThan(0);

    // The card: this hour against the cap, the periods' totals, the day.
    await page.reload();
    await card.getByText(`1 of ${CAP} calls this hour`).waitFor();
    const tokens = [
      await shown(page, counted.this_hour.input_tokens),
      await shown(page, counted.this_hour.output_tokens),
    ];
    for (const period of ['This hour', 'Last 24 hours', 'Last 30 days'])
      expect(await usageRow(card, period)).toEqual(['1', '0', ...tokens]);
    expect(counted.days).toHaveLength(1);
    expect(await usageRow(card, counted.days[0].day)).toEqual(['1', '0', ...tokens]);
    await card.getByRole('table', { name: 'By day (UTC), newest first' }).waitFor();
    await checkPage(page, 'audit-reasoner-usage');

    // The audit log: the explanation under its entry, labelled as a language model's.
    await page.goto(`${ui.baseUrl}/admin/audit?workspace=acme`);
    const row = entryRow(page, 'workspace_settings.updated');
    await row.getByText(EXPLAINED).waitFor();
    await row.getByText('language model', { exact: true }).waitFor();
    await row.getByText('gpt-test').waitFor();
    expect(await row.getByText('reused').count()).toBe(0);
    await row.getByRole('button', { name: /^Details/ }).click();
    await page
      .locator('.detail-row')
      .getByText(/^done · finished/)
      .waitFor();
    await checkPage(page, 'audit-reasoner-audit-log');

    // The deliveries: the message carried it.
    await page.goto(`${ui.baseUrl}/admin/deliveries?workspace=acme`);
    await page
      .getByTestId(`delivery-${delivery.id}`)
      .getByText('explanation (language model) included')
      .waitFor();
    await checkPage(page, 'audit-reasoner-deliveries');
    await context.close();
  }, 120_000);

  it('shows a refused call as a failed explanation, left out of its message', async () => {
    model.answerNext({
      reply: { status: 401, body: { error: { message: 'Incorrect API key provided' } } },
    });
    const entry = await rename('Acme Refused');
    const delivery = await finishedDelivery(entry);
    expect(delivery).toMatchObject({ status: 'delivered', explanation: 'left_out' });
    const failure = (await entries()).find((e) => e.id === entry.id).explanation.failure;
    expect(failure).toMatch(/^the model refused the API key \(HTTP 401\)/);
    expect(delivery.explanation_note).toBe(`the audit reasoner failed: ${failure}`);

    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/audit?workspace=acme');
    await entryRow(page, 'workspace_settings.updated').getByText(`no explanation: ${failure}`).waitFor();
    await checkPage(page, 'audit-reasoner-failed');

    await page.goto(`${ui.baseUrl}/admin/deliveries?workspace=acme`);
    await page
      .getByTestId(`delivery-${delivery.id}`)
      .getByText(`explanation left out: ${delivery.explanation_note}`)
      .waitFor();

    await page.goto(`${ui.baseUrl}/admin/integrations?workspace=acme`);
    // Over 24 hours (this hour may have just started again): both calls, one failed.
    const card = reasonerCard(page);
    await card.getByRole('table', { name: 'Calls and tokens' }).waitFor();
    expect((await usageRow(card, 'Last 24 hours')).slice(0, 2)).toEqual(['2', '1']);
    await context.close();
  }, 60_000);

  it('shows an entry being explained, its message sent without it after the wait, and the explanation once it comes', async () => {
    let answer = () => {};
    model.answerNext({ text: 'Renamed once more.', gate: new Promise<void>((r) => (answer = r)) });
    const entry = await rename('Acme Later');
    expect((await entries()).find((e) => e.id === entry.id).explanation.status).toBe('pending');

    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/audit?workspace=acme');
    const row = entryRow(page, 'workspace_settings.updated');
    await row.getByText('being explained…').waitFor();
    await checkPage(page, 'audit-reasoner-pending');

    // The message does not wait for the model past SERVICE_AUDIT_REASONER_WAIT_MS.
    const delivery = await finishedDelivery(entry);
    expect(delivery).toMatchObject({ status: 'delivered', explanation: 'left_out' });
    expect(delivery.explanation_note).toBe(
      `the audit reasoner had not answered within ${WAIT_S} s (SERVICE_AUDIT_REASONER_WAIT_MS)`,
    );
    answer();
    await expect
      .poll(async () => (await entries()).find((e) => e.id === entry.id).explanation.status)
      .toBe('done');
    await page.reload();
    await row.getByText('Renamed once more.').waitFor();
    await context.close();
  }, 60_000);
});
