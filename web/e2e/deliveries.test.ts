import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackWebhookFake } from '../../src/test/fakes/slack-webhook-fake.ts';
import { checkPage, signIn, startUi, type UiServer } from './browser.fixtures.ts';

/**
 * Chat deliveries in a real Chromium against a real server posting to a Slack webhook fake on
 * 127.0.0.1: a test message from the Integrations chat card (delivered, then refused verbatim,
 * and refused for a workspace without chat); the Deliveries section with failed deliveries, a
 * retry that conflicts (409 verbatim) and one that delivers; filters kept in the address across a
 * reload; the empty state; a plain member's view.
 */
let ui: UiServer;
let fake: SlackWebhookFake;
let adminKey: string;
let memberKey: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Promise<{ status: number; json: unknown }>): Promise<Json> {
  const { status, json } = await res;
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

async function deliveries(query = ''): Promise<Json[]> {
  return (await ok(ui.call('GET', `/v1/workspaces/acme/deliveries${query}`, adminKey))).items;
}

const ciFailure = (job: string) =>
  ok(ui.call('POST', '/v1/ci-events', adminKey, { status: 'failure', workspace_key: 'acme', job }));

beforeAll(async () => {
  fake = await new SlackWebhookFake().listen();
  ui = await startUi({ SERVICE_ALLOW_PRIVATE_NETWORK: 'true' });
  const first = await fetch(ui.firstLink, { headers: { accept: 'application/json' } });
  adminKey = (await first.json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'acme' }));
  await ok(ui.call('POST', '/v1/workspaces', adminKey, { workspace_key: 'quiet' }));
  const bob = await ok(ui.call('POST', '/v1/users', adminKey, { email: 'bob@example.com' }));
  const reset = await ok(ui.call('POST', `/v1/users/${bob.id}/api-keys/reset`, adminKey));
  const linkPath = new URL(reset.one_time_url).pathname;
  memberKey = (await (await fetch(`${ui.baseUrl}${linkPath}`)).json()).api_key as string;
  await ok(ui.call('POST', '/v1/workspaces/acme/members', adminKey, { user_id: bob.id, role: 'member' }));
  // Chat saved through the API: CI entries only; failures to #alerts, the rest to #ops.
  await ok(
    ui.call('PUT', '/v1/integrations', adminKey, {
      workspace_key: 'acme',
      provider: 'chat',
      enabled: true,
      config: {
        webhook_url: fake.url,
        default_channel: '#ops',
        action_prefixes: ['ci.'],
        routes: [{ action_prefix: 'ci.failure', channel: '#alerts' }],
      },
    }),
  );
}, 180_000);
afterAll(async () => {
  await ui?.close();
  await fake?.close();
});

const chatCard = (page: Page) => page.locator('section.integration', { hasText: 'Chat notifications' });

describe('the chat test message', () => {
  it('sends one from the chat card, shows a refusal verbatim, and the server refusing a workspace without chat', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/integrations?workspace=acme');
    const chat = chatCard(page);
    await chat.getByLabel('Channel for the test message (optional)').fill('#qa');
    await chat.getByRole('button', { name: 'Send a test message' }).click();
    await chat.getByText('The webhook answered HTTP 200 ok for #qa.').waitFor();
    const [message] = await fake.waitFor(1);
    expect(message?.payload.channel).toBe('#qa');
    expect(String(message?.payload.text)).toContain('Test message from ctxhub for workspace acme');
    await checkPage(page, 'chat-test-sent');

    // The webhook refuses: the server's 502 with the webhook's reason, as worded.
    fake.answerNext({ status: 404, text: 'channel_is_archived' });
    await chat.getByLabel('Channel for the test message (optional)').fill('');
    await chat.getByRole('button', { name: 'Send a test message' }).click();
    const refused = chat.getByRole('alert');
    await refused
      .filter({
        hasText:
          'The chat test message was not delivered: the chat webhook refused the message: channel_is_archived',
      })
      .waitFor();
    await refused.filter({ hasText: 'upstream_error' }).waitFor();
    expect(fake.received).toHaveLength(2);
    expect(fake.received[1]?.payload.channel).toBe('#ops');
    await checkPage(page, 'chat-test-refused');

    // A workspace without chat: the server's 400, verbatim.
    const unconfigured = await ui.call('POST', '/v1/integrations/chat/test', adminKey, {
      workspace_key: 'quiet',
    });
    expect(unconfigured.status).toBe(400);
    await page.getByLabel('Workspace').selectOption('quiet');
    const quiet = chatCard(page);
    await quiet.getByText('incomplete').waitFor();
    await quiet.getByRole('button', { name: 'Send a test message' }).click();
    await quiet.getByRole('alert').filter({ hasText: unconfigured.json.error.message }).waitFor();
    expect(fake.received).toHaveLength(2);
    await context.close();
  });
});

describe('the Deliveries section', () => {
  it('shows failed deliveries, a retry refused with 409 verbatim, and a retry that delivers', async () => {
    fake.reset();
    fake.answerNext({ status: 400, text: 'invalid_payload' }, { status: 400, text: 'invalid_payload' });
    await ciFailure('lint');
    await expect.poll(async () => (await deliveries()).map((d) => d.status)).toEqual(['failed']);
    await ciFailure('test');
    await expect.poll(async () => (await deliveries()).map((d) => d.status)).toEqual(['failed', 'failed']);
    const [second, first] = await deliveries();

    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/deliveries');
    await page.getByText('Choose a workspace to see its deliveries.').waitFor();
    await page.getByLabel('Workspace').selectOption('acme');
    await page.getByRole('heading', { name: 'Deliveries of acme' }).waitFor();
    const rowOf = (d: Json) => page.getByTestId(`delivery-${d.id}`);
    const firstRow = rowOf(first);
    await firstRow.getByText('the chat webhook refused the message: invalid_payload').waitFor();
    await firstRow.getByText('attempts 1/10').waitFor();
    await firstRow.getByText('#alerts').waitFor();
    await firstRow.getByText('high', { exact: true }).waitFor();
    await firstRow.getByText(first.audit_id).waitFor();
    await page.getByText('Nothing on its way').waitFor();
    await checkPage(page, 'deliveries-failed');

    // Another admin retried it meanwhile: the row still offers Retry, the server answers 409.
    await ok(ui.call('POST', `/v1/workspaces/acme/deliveries/${first.id}/retry`, adminKey));
    await expect
      .poll(async () => (await deliveries()).find((d) => d.id === first.id)?.status)
      .toBe('delivered');
    await firstRow.getByRole('button', { name: 'Retry', exact: true }).click();
    await firstRow.getByRole('button', { name: 'Retry delivery' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Only a failed delivery can be retried; delivery ${first.id} is delivered` })
      .waitFor();
    await firstRow.getByText('delivered', { exact: true }).waitFor();

    // The other one: retried from the page with a reason, then delivered (the list follows it).
    const secondRow = rowOf(second);
    await secondRow.getByRole('button', { name: 'Retry', exact: true }).click();
    await secondRow.getByLabel('Reason (optional)').fill('webhook fixed');
    await checkPage(page, 'deliveries-retry-confirm');
    await secondRow.getByRole('button', { name: 'Retry delivery' }).click();
    await page.getByText(`Delivery ${second.id} queued again`).waitFor();
    await secondRow.getByText('delivered', { exact: true }).waitFor();
    await secondRow.getByText('receiver answered ok').waitFor();
    await expect.poll(() => secondRow.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
    const after = (await deliveries()).find((d) => d.id === second.id);
    // A new round of attempts; the ones made so far stay counted.
    expect(after).toMatchObject({ status: 'delivered', answer: 'ok', attempts: 2, max_attempts: 11 });
    await secondRow.getByText('attempts 2/11').waitFor();
    expect(fake.received.filter((m) => m.payload.channel === '#alerts')).toHaveLength(4);
    const audit = await ok(
      ui.call(
        'GET',
        '/v1/audit-logs?workspace_key=acme&action_prefix=integration.delivery_retried',
        adminKey,
      ),
    );
    expect(audit.items.map((e: Json) => [e.target.id, e.target.params.reason])).toEqual([
      [second.id, 'webhook fixed'],
      [first.id, undefined],
    ]);
    await page.getByText('Nothing on its way').waitFor();
    await checkPage(page, 'deliveries-retried');
    await context.close();
  });

  it('keeps the filters in the address across a reload, and says when nothing matches', async () => {
    await ok(ui.call('POST', '/v1/ci-events', adminKey, { status: 'success', workspace_key: 'acme' }));
    await expect.poll(async () => (await deliveries('?status=delivered')).length).toBe(3);
    const { context, page } = await ui.newPage(390);
    await signIn(page, ui.baseUrl, adminKey, '/admin/deliveries?workspace=acme');
    await page.getByRole('heading', { name: 'Deliveries of acme' }).waitFor();
    await page.locator('tbody tr').nth(2).waitFor();
    await page.getByLabel('Status').selectOption('delivered');
    await page.getByLabel('Channel').fill('#ops');
    await page.getByLabel('Action starts with').fill('ci.');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').getByText('ci.success', { exact: true }).waitFor();
    await page.locator('tbody tr').getByText('#ops').waitFor();
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toEqual({
      workspace: 'acme',
      status: 'delivered',
      channel: '#ops',
      action: 'ci.',
    });
    await checkPage(page, 'deliveries-filtered-narrow');

    await page.reload();
    await page.getByRole('heading', { name: 'Deliveries of acme' }).waitFor();
    await page.locator('tbody tr').getByText('ci.success', { exact: true }).waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('delivered');
    expect(await page.getByLabel('Channel').inputValue()).toBe('#ops');
    expect(await page.getByLabel('Action starts with').inputValue()).toBe('ci.');
    expect(await page.locator('tbody tr').count()).toBe(1);

    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No delivery matches these filters.').waitFor();
    await page.goBack();
    await page.locator('tbody tr').getByText('ci.success', { exact: true }).waitFor();
    await context.close();
  });

  it('shows the empty state of a workspace without deliveries', async () => {
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, adminKey, '/admin/deliveries?workspace=quiet');
    await page.getByText('No deliveries yet').waitFor();
    expect(await page.locator('table').count()).toBe(0);
    await checkPage(page, 'deliveries-empty');
    await context.close();
  });

  it("shows a plain member the server's refusal and no controls", async () => {
    const refusal = await ui.call('GET', '/v1/workspaces/acme/deliveries', memberKey);
    expect(refusal.status).toBe(403);
    const { context, page } = await ui.newPage();
    await signIn(page, ui.baseUrl, memberKey, '/admin/deliveries?workspace=acme');
    await page.getByRole('alert').filter({ hasText: refusal.json.error.message }).waitFor();
    await page.getByRole('note').filter({ hasText: 'your role in acme is member' }).waitFor();
    expect(await page.getByRole('form', { name: 'Filter the deliveries' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
    await checkPage(page, 'deliveries-member');
    const [latest] = await deliveries();
    const retry = await ui.call('POST', `/v1/workspaces/acme/deliveries/${latest.id}/retry`, memberKey, {});
    expect(retry.status).toBe(403);

    // The Integrations section offers a member no chat test either.
    await page.goto(`${ui.baseUrl}/admin/integrations?workspace=acme`);
    await page.getByRole('alert').filter({ hasText: 'The integrations could not be read' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send a test message' }).count()).toBe(0);
    await context.close();
  });
});
