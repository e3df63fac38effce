import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config/index.ts';
import { useHarness } from '../../test/harness.ts';
import { chatScene } from './chat.fixtures.ts';

/**
 * What a delivery makes of each answer of the webhook (Slack's): `ok` delivers; a plain-text
 * refusal fails for good at once; 429 waits for Retry-After; 5xx, a timeout and a refused
 * connection retry with backoff until the last attempt, which leaves it failed (the dead letter)
 * until an admin retries it. Time moves on a test clock; nothing sleeps.
 */
const base = testConfig();
const h = useHarness(
  {
    jobs: { ...base.jobs, maxAttempts: 3, retry: { baseMs: 10_000, maxMs: 60_000 } },
    // Long enough that a loaded machine never times out a quick answer; the slow answer below is
    // slower still.
    integrations: { ...base.integrations, timeoutMs: 2_000 },
  },
  { jobs: true },
);
const { slack, users, chatWorkspace, rename, settle, deliveries } = chatScene(h);

/** Moves the clock past every retry that is due and lets the runner take them. */
async function nextRound(ms = 61_000) {
  h.clock.advance(ms);
  h.jobs?.wake();
  await settle();
}

describe('chat answers', () => {
  it.each([
    'invalid_payload',
    'channel_not_found',
    'no_service',
    'channel_is_archived',
    'action_prohibited',
    'no_text',
  ])('fails for good at once on %s, saying so', async (reason) => {
    const ws = await chatWorkspace();
    slack.answerNext({ status: reason === 'no_service' ? 404 : 400, text: reason });
    await rename(ws, `refused ${reason}`);
    await slack.waitFor(1);
    await settle();
    const [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, answer: null });
    expect(delivery?.last_error).toBe(`the chat webhook refused the message: ${reason}`);
    await nextRound();
    expect(slack.received).toHaveLength(1);
    slack.reset();
  });

  it('waits as long as a 429 asks, then delivers', async () => {
    const ws = await chatWorkspace();
    slack.answerNext({ status: 429, text: 'rate_limited', headers: { 'retry-after': '30' } });
    const sentAt = h.clock.now().getTime();
    await rename(ws, 'busy');
    await slack.waitFor(1);
    await settle();
    const [waiting] = await deliveries(ws);
    expect(waiting).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(waiting?.last_error).toContain('HTTP 429, Retry-After 30 s');
    // 30 s after the answer, which came between the change and now (however slow the machine).
    const due = Date.parse(waiting?.next_attempt_at ?? '');
    expect(due).toBeGreaterThanOrEqual(sentAt + 30_000);
    expect(due).toBeLessThanOrEqual(h.clock.now().getTime() + 30_000);
    await nextRound(20_000);
    expect(slack.received).toHaveLength(1);
    await nextRound(11_000);
    expect(slack.received).toHaveLength(2);
    expect((await deliveries(ws))[0]).toMatchObject({ status: 'delivered', attempts: 2, answer: 'ok' });
    slack.reset();
  });

  it('retries 5xx and timeouts with backoff, fails after the last attempt, and delivers when retried', async () => {
    const ws = await chatWorkspace();
    slack.answerNext(
      { status: 500, text: 'internal_error' },
      { status: 200, text: 'ok', delayMs: 3_000 },
      { status: 503, text: 'service unavailable' },
    );
    await rename(ws, 'flaky');
    await slack.waitFor(1);
    await settle();
    let [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(delivery?.last_error).toBe('the chat webhook failed: HTTP 500 internal_error');
    await nextRound();
    [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(delivery?.last_error).toContain('could not be reached: No complete answer within 2000 ms');
    await nextRound();
    [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
    expect(delivery?.last_error).toBe('the chat webhook failed: HTTP 503 service unavailable');
    await nextRound();
    expect(slack.received).toHaveLength(3);

    const retried = await h.request('POST', `/v1/workspaces/${ws}/deliveries/${delivery?.id}/retry`, {
      as: users.alice,
      body: { reason: 'webhook fixed' },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      status: 'retrying',
      attempts: 3,
      max_attempts: 6,
      last_error: expect.any(String),
    });
    await slack.waitFor(4);
    await settle();
    expect((await deliveries(ws, { action: 'workspace_settings.' }))[0]).toMatchObject({
      status: 'delivered',
      attempts: 4,
      answer: 'ok',
    });
    // Retrying is audited (and that entry, an integration.* action, is itself sent).
    const audit = await h.request('GET', '/v1/audit-logs', {
      as: h.admin,
      query: { workspace_key: ws, action_prefix: 'integration.delivery_retried' },
    });
    expect(audit.json().items[0]).toMatchObject({
      target: { params: { reason: 'webhook fixed', notified_action: 'workspace_settings.updated' } },
    });
    const again = await h.request('POST', `/v1/workspaces/${ws}/deliveries/${delivery?.id}/retry`, {
      as: users.alice,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `Only a failed delivery can be retried; delivery ${delivery?.id} is delivered`,
    );
    slack.reset();
  });

  it('fails for good when chat is turned off before the message goes, and sends it when retried after', async () => {
    const ws = await chatWorkspace();
    slack.always = { status: 500, text: 'down' };
    await rename(ws, 'soon off');
    await slack.waitFor(1);
    await settle();
    const off = await h.request('PUT', '/v1/integrations', {
      as: users.alice,
      body: { workspace_key: ws, provider: 'chat', enabled: false, config: {} },
    });
    expect(off.statusCode, off.body).toBe(200);
    slack.always = null;
    await nextRound();
    const [delivery] = await deliveries(ws, { action: 'workspace_settings.' });
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2 });
    expect(delivery?.last_error).toBe('chat was turned off before the message was sent');
    expect(slack.received).toHaveLength(1);
    slack.reset();
  });
});
