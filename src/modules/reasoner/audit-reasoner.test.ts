import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config/index.ts';
import { useHarness } from '../../test/harness.ts';
import { explanationBlock, reasonerScene } from './reasoner.fixtures.ts';

/**
 * The audit reasoner end to end: audited changes through the HTTP API, a real job runner, a
 * language model fake of both API shapes and a Slack webhook fake on 127.0.0.1. The wait for an
 * explanation is short here (1 s) and the model's deadline longer (3 s), so a model held back by
 * the test shows the message going out without it.
 */
const base = testConfig().integrations;
const h = useHarness(
  { integrations: { ...base, model: { ...base.model, timeoutMs: 3_000, reasonerWaitMs: 1_000 } } },
  { jobs: true },
);
const {
  slack,
  model,
  users,
  rename,
  settle,
  deliveries,
  reasonerWorkspace,
  saveReasoner,
  saveChat,
  logged,
  newest,
  newWorkspace,
} = reasonerScene(h);

describe('the audit reasoner', () => {
  it('explains an entry sent to chat without a reason: in the message, the audit log and the delivery', async () => {
    const ws = await reasonerWorkspace({}, { default_channel: '#audit' });
    model.script = () => 'Alice renamed the workspace; links and dashboards that show its name change too.';
    await rename(ws, 'Acme Platform');
    const [message] = await slack.waitFor(1);
    await settle();
    expect(explanationBlock(message?.payload ?? {})).toBe(
      '*Explanation (language model)*\nAlice renamed the workspace; links and dashboards that show its name change too.',
    );
    expect(model.calls).toHaveLength(1);
    const [call] = model.calls;
    expect(call).toMatchObject({ shape: 'openai', apiKey: model.apiKey });
    expect(call?.body.model).toBe('gpt-test');
    expect(call?.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(call?.text).toContain('"action": "workspace_settings.updated"');
    expect(call?.text).toContain('Acme Platform');
    expect(call?.text).toContain('Answer in English.');
    const entry = await newest(ws);
    expect(entry.explanation).toMatchObject({
      status: 'done',
      text: 'Alice renamed the workspace; links and dashboards that show its name change too.',
      model: 'gpt-test',
      cached: false,
      failure: null,
    });
    const [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({ status: 'delivered', explanation: 'included', explanation_note: null });
  });

  it('asks nothing for an entry with a reason, an entry chat does not send, or with the reasoner off', async () => {
    const ws = await reasonerWorkspace({}, { action_prefixes: ['workspace_settings.'] });
    await rename(ws, 'With a reason', 'the brand changed');
    await slack.waitFor(1);
    const member = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: users.alice,
      body: { email: users.outsider.email, role: 'member' },
    });
    expect(member.statusCode, member.body).toBe(201);
    await settle();
    expect(model.calls).toHaveLength(0);
    expect((await newest(ws)).explanation).toBeNull();
    expect((await newest(ws, 'access.workspace_member.added')).explanation).toBeNull();
    expect((await deliveries(ws))[0]).toMatchObject({ explanation: 'none', explanation_note: null });

    await saveReasoner(ws, {}, false);
    await settle();
    await rename(ws, 'Reasoner off');
    await slack.waitFor(2);
    await settle();
    expect(model.calls).toHaveLength(0);
    expect((await newest(ws)).explanation).toBeNull();
    expect(explanationBlock(slack.received[1]?.payload ?? {})).toBeUndefined();
  });

  it('sends nothing to the model while chat is off, even with the reasoner on', async () => {
    const ws = await newWorkspace();
    await saveChat(ws, {}, false);
    await saveReasoner(ws);
    await rename(ws, 'Chat off');
    await settle();
    expect(model.calls).toHaveLength(0);
    expect(slack.received).toHaveLength(0);
  });

  it('speaks the Anthropic shape, in the workspace locale, with the compact format', async () => {
    const ws = await reasonerWorkspace(
      { llm_provider: 'anthropic', model: 'claude-test' },
      { format: 'compact' },
    );
    const locales = await h.request('PUT', `/v1/workspaces/${ws}/outbound-settings`, {
      as: users.alice,
      body: { default_outbound_locale: 'de', supported_locales: ['en', 'de'], reason: 'test set-up' },
    });
    expect(locales.statusCode, locales.body).toBe(200);
    await settle();
    slack.reset();
    model.script = () => 'Der Arbeitsbereich wurde umbenannt.';
    await rename(ws, 'Acme DE');
    const [message] = await slack.waitFor(1);
    await settle();
    const [call] = model.calls;
    expect(call).toMatchObject({ shape: 'anthropic', apiKey: model.apiKey, anthropicVersion: '2023-06-01' });
    expect(call?.body.system).toContain('Answer in German.');
    expect(call?.body.messages?.map((m) => m.role)).toEqual(['user']);
    expect(String(message?.payload.text)).toMatch(/ \(Der Arbeitsbereich wurde umbenannt\.\)$/);
    expect((await newest(ws)).explanation).toMatchObject({ status: 'done', model: 'claude-test' });
  });

  it('reuses the explanation of an equal entry (same action and params) without a call', async () => {
    const ws = await reasonerWorkspace();
    model.script = (call) => `Explained call ${model.calls.indexOf(call) + 1}.`;
    for (const name of ['Blue', 'Green', 'Blue', 'Green']) {
      await rename(ws, name);
      await settle();
    }
    await slack.waitFor(4);
    expect(model.calls).toHaveLength(3);
    const renames = (await logged(ws)).filter((e) => e.action === 'workspace_settings.updated');
    expect(renames.map((e) => [e.explanation?.text, e.explanation?.cached])).toEqual([
      ['Explained call 2.', true],
      ['Explained call 3.', false],
      ['Explained call 2.', false],
      ['Explained call 1.', false],
    ]);
  });
});

describe('the audit reasoner when the model fails', () => {
  /** Renames `ws` and waits for its message and every job: answers the message, entry and delivery. */
  async function renamed(ws: string, name: string) {
    await rename(ws, name);
    const [message] = await slack.waitFor(1);
    await settle();
    const [delivery] = await deliveries(ws);
    return { message: message?.payload ?? {}, entry: await newest(ws), delivery };
  }

  it('sends the message without an explanation when the key is refused, saying why', async () => {
    const ws = await reasonerWorkspace({ api_key: 'sk-wrong-0123456789abcdefghijklmnop' });
    const { message, entry, delivery } = await renamed(ws, 'Refused');
    expect(model.calls).toHaveLength(1);
    expect(explanationBlock(message)).toBeUndefined();
    expect(entry.explanation).toMatchObject({ status: 'failed', text: null });
    expect(entry.explanation?.failure).toMatch(/^the model refused the API key \(HTTP 401\)/);
    // The provider echoed the wrong key in its message: it is masked wherever the failure is shown.
    expect(entry.explanation?.failure).not.toContain('sk-wrong-0123456789abcdefghijklmnop');
    expect(delivery).toMatchObject({ status: 'delivered', explanation: 'left_out' });
    expect(delivery?.explanation_note).toMatch(/^the audit reasoner failed: the model refused the API key/);
  });

  it("waits as long as a 429's retry-after asks, and retries a 5xx, within one call", async () => {
    const ws = await reasonerWorkspace();
    model.answerNext(
      {
        reply: {
          status: 429,
          body: { error: { message: 'Rate limit reached' } },
          headers: { 'retry-after': '1' },
        },
      },
      { reply: { status: 503, body: { error: { message: 'overloaded' } } } },
      { text: 'Renamed after a busy moment.' },
    );
    const { entry } = await renamed(ws, 'Busy');
    expect(model.calls).toHaveLength(3);
    expect(model.calls[1]!.at - model.calls[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(entry.explanation).toMatchObject({ status: 'done', text: 'Renamed after a busy moment.' });
    const usage = await h.request('GET', `/v1/workspaces/${ws}/model-usage`, { as: users.alice });
    expect(usage.json()).toMatchObject({ this_hour: { calls: 1, failures: 0 } });
  });

  it('gives up on a 429 whose retry-after is past the deadline, and on a 5xx after three attempts', async () => {
    const ws = await reasonerWorkspace();
    model.answerNext({
      reply: {
        status: 429,
        body: { error: { message: 'Rate limit reached' } },
        headers: { 'retry-after': '60' },
      },
    });
    const limited = await renamed(ws, 'Limited');
    expect(model.calls).toHaveLength(1);
    expect(limited.entry.explanation?.failure).toBe(
      'the model is limiting requests (HTTP 429): Rate limit reached',
    );
    slack.reset();
    model.calls.length = 0;
    const failing = { reply: { status: 500, body: { error: { message: 'internal' } } } };
    model.answerNext(failing, failing, failing);
    const broken = await renamed(ws, 'Broken');
    expect(model.calls).toHaveLength(3);
    expect(broken.entry.explanation?.failure).toBe('the model failed (HTTP 500): internal');
    expect(broken.delivery).toMatchObject({ status: 'delivered', explanation: 'left_out' });
  });

  it('fails an answer that is not JSON, or not of the shape, never crashing', async () => {
    const ws = await reasonerWorkspace();
    model.answerNext({ reply: { status: 200, body: 'Sure! Here is my answer' } });
    const notJson = await renamed(ws, 'Not JSON');
    expect(notJson.entry.explanation?.failure).toBe(
      'the OpenAI-style API answered something that is not JSON',
    );
    slack.reset();
    model.answerNext({ reply: { status: 200, body: { choices: [] } } });
    const noChoice = await renamed(ws, 'No choice');
    expect(noChoice.entry.explanation?.failure).toBe(
      'the OpenAI-style answer does not fit: choices has no choices',
    );
    slack.reset();
    model.answerNext({ reply: { status: 200, body: { choices: [{ message: { content: '   ' } }] } } });
    const empty = await renamed(ws, 'Empty');
    expect(empty.entry.explanation?.failure).toBe(
      'the OpenAI-style answer does not fit: the answer has no text',
    );
    expect(empty.delivery).toMatchObject({ status: 'delivered', explanation: 'left_out' });
  });

  it('sends the message once the wait is over while the model is still thinking, and keeps its late answer', async () => {
    const ws = await reasonerWorkspace();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    model.answerNext({ text: 'A late but useful explanation.', gate });
    await rename(ws, 'Slow');
    const [message] = await slack.waitFor(1);
    expect(explanationBlock(message?.payload ?? {})).toBeUndefined();
    expect((await newest(ws)).explanation).toMatchObject({ status: 'pending' });
    release();
    await settle();
    expect((await newest(ws)).explanation).toMatchObject({
      status: 'done',
      text: 'A late but useful explanation.',
    });
    const [delivery] = await deliveries(ws);
    expect(delivery).toMatchObject({ status: 'delivered', explanation: 'left_out' });
    expect(delivery?.explanation_note).toBe(
      'the audit reasoner had not answered within 1 s (SERVICE_AUDIT_REASONER_WAIT_MS)',
    );
  });

  it('gives up on a model that answers after its deadline', async () => {
    const ws = await reasonerWorkspace();
    let release = () => {};
    model.answerNext({ text: 'Too late.', gate: new Promise<void>((resolve) => (release = resolve)) });
    const { entry, delivery } = await renamed(ws, 'Too slow');
    release();
    expect(entry.explanation).toMatchObject({
      status: 'failed',
      failure: 'the model gave no answer within 3000 ms',
    });
    expect(delivery).toMatchObject({ explanation: 'left_out' });
  });

  it('masks secrets in what it sends and in what the model answers, before storage and chat', async () => {
    const token = 'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
    const ws = await reasonerWorkspace();
    model.script = (call) =>
      `It mentions ${token} and ${call.text.includes(token) ? 'saw it' : 'saw no token'}.`;
    const { message, entry } = await renamed(ws, `Deploy ${token}`);
    expect(model.calls[0]?.text).not.toContain(token);
    expect(entry.explanation?.text).not.toContain(token);
    expect(entry.explanation?.text).toContain('saw no token');
    expect(JSON.stringify(message)).not.toContain(token);
    expect(explanationBlock(message)).toContain('saw no token');
  });
});
