import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { chatScene } from './chat.fixtures.ts';

/**
 * The deliveries list and retry, and the chat test message: who may call them (workspace admins),
 * what bad input gets (a 400 naming the field, nothing changed), filters and paging.
 */
const h = useHarness({}, { jobs: true });
const { slack, users, newWorkspace, saveChat, chatWorkspace, rename, settle, deliveries } = chatScene(h);

const FAILED_ID = 'dlv_01JZZZZZZZZZZZZZZZZZZZZZZZ';

describe('deliveries and chat test routes: access', () => {
  it('refuses a missing or wrong key, hides the workspace from outsiders, forbids members', async () => {
    const ws = await chatWorkspace();
    const calls: RouteCall[] = [
      { method: 'GET', url: `/v1/workspaces/${ws}/deliveries` },
      { method: 'POST', url: `/v1/workspaces/${ws}/deliveries/${FAILED_ID}/retry` },
      { method: 'POST', url: '/v1/integrations/chat/test', body: { workspace_key: ws } },
    ];
    for (const call of calls) {
      await expectKeyRequired(h, call);
      await expectHiddenFrom(h, users.outsider, call);
      await expectForbiddenFor(h, users.bob, call);
    }
    expect(slack.received).toHaveLength(0);
    // A delivery of another workspace does not exist here.
    const other = await chatWorkspace();
    await rename(other, 'elsewhere');
    await slack.waitFor(1);
    await settle();
    const [theirs] = await deliveries(other);
    const res = await h.request('POST', `/v1/workspaces/${ws}/deliveries/${theirs?.id}/retry`, {
      as: users.alice,
    });
    expectError(res, 404, 'not_found');
    slack.reset();
  });
});

describe('deliveries and chat test routes: bad input', () => {
  it('names the bad field and changes nothing', async () => {
    const ws = await chatWorkspace();
    const list = (query: Record<string, string>) =>
      h.request('GET', `/v1/workspaces/${ws}/deliveries`, { as: users.alice, query });
    expectInvalid(await list({ status: 'sent' }), 'query.status');
    expectInvalid(await list({ limit: '0' }), 'query.limit');
    expectInvalid(await list({ limit: 'many' }), 'query.limit');
    expectInvalid(await list({ channel: '' }), 'query.channel');
    expectInvalid(await list({ cursor: 'not-ours' }), 'query.cursor');
    expectInvalid(await list({ extra: '1' }), 'query');
    for (const s of HOSTILE_STRINGS) {
      const res = await list({ action: s.slice(0, 200), channel: s.slice(0, 200) });
      expect(res.statusCode, s).toBeLessThan(500);
    }
    const retry = (id: string, body?: unknown) =>
      h.request('POST', `/v1/workspaces/${ws}/deliveries/${encodeURIComponent(id)}/retry`, {
        as: users.alice,
        body,
      });
    expectInvalid(await retry('42'), 'params.id');
    expectInvalid(await retry("dlv_'; drop table jobs; --"), 'params.id');
    expectInvalid(await retry(FAILED_ID, { reason: 7 }), 'body.reason');
    expectInvalid(await retry(FAILED_ID, { reason: 'r'.repeat(1001) }), 'body.reason');
    expectInvalid(await retry(FAILED_ID, { why: 'x' }), 'body');
    expectError(await retry(FAILED_ID), 404, 'not_found');
    const test = (body: unknown) =>
      h.request('POST', '/v1/integrations/chat/test', { as: users.alice, body });
    expectInvalid(await test({}), 'body.workspace_key');
    expectInvalid(await test({ workspace_key: ws, channel: '' }), 'body.channel');
    expectInvalid(await test({ workspace_key: ws, channel: 42 }), 'body.channel');
    expectInvalid(await test({ workspace_key: ws, text: 'hi' }), 'body');
    expect((await test([ws])).statusCode).toBe(400);
    await settle();
    expect(slack.received).toHaveLength(0);
    expect((await deliveries(ws)).map((d) => d.action)).toEqual(['integration.updated']);
  });
});

describe('deliveries list', () => {
  it('filters by status, channel and action prefix, newest first, page by page', async () => {
    const ws = await chatWorkspace({
      action_prefixes: ['workspace_settings.', 'project.'],
      default_channel: '#audit',
      routes: [{ action_prefix: 'project.', channel: '#dev' }],
    });
    for (let i = 0; i < 3; i += 1) await rename(ws, `name ${i}`);
    await slack.waitFor(3);
    await settle();
    slack.answerNext({ status: 404, text: 'channel_not_found' });
    const created = await h.request('POST', `/v1/workspaces/${ws}/projects`, {
      as: users.alice,
      body: { key: 'codehost:acme/listed' },
    });
    expect(created.statusCode).toBe(201);
    await slack.waitFor(4);
    await settle();
    const all = await deliveries(ws);
    expect(all.map((d) => d.action)).toEqual([
      'project.created',
      'workspace_settings.updated',
      'workspace_settings.updated',
      'workspace_settings.updated',
    ]);
    expect((await deliveries(ws, { channel: '#dev' })).map((d) => d.status)).toEqual(['failed']);
    expect(await deliveries(ws, { status: 'failed' })).toHaveLength(1);
    expect(await deliveries(ws, { status: 'delivered', channel: '#audit' })).toHaveLength(3);
    expect(await deliveries(ws, { action: 'project.' })).toHaveLength(1);
    expect(await deliveries(ws, { action: 'project_' })).toHaveLength(0);
    expect(await deliveries(ws, { status: 'pending' })).toHaveLength(0);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.request('GET', `/v1/workspaces/${ws}/deliveries`, {
        as: users.alice,
        query: { limit: '3', ...(cursor ? { cursor } : {}) },
      });
      const body = res.json() as { items: Array<{ id: string }>; next_cursor: string | null };
      seen.push(...body.items.map((d) => d.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((d) => d.id));
    slack.reset();
  });
});

describe('POST /v1/integrations/chat/test', () => {
  it("sends one message now and answers the webhook's reply; a refusal is a 502 with its reason", async () => {
    const ws = await chatWorkspace({ default_channel: '#audit', format: 'compact' });
    const before = await deliveries(ws);
    const ok = await h.request('POST', '/v1/integrations/chat/test', {
      as: users.alice,
      body: { workspace_key: ws, channel: '#ops' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 200, answer: 'ok', channel: '#ops' });
    expect(slack.received[0]?.payload.channel).toBe('#ops');
    expect(String(slack.received[0]?.payload.text)).toContain(`Test message from ctxhub for workspace ${ws}`);

    slack.answerNext({ status: 404, text: 'channel_is_archived' });
    const refused = await h.request('POST', '/v1/integrations/chat/test', {
      as: users.alice,
      body: { workspace_key: ws },
    });
    const error = expectError(refused, 502, 'upstream_error');
    expect(error.message).toBe(
      'The chat test message was not delivered: the chat webhook refused the message: channel_is_archived',
    );
    expect(error.details).toEqual({ retryable: false });
    expect(refused.body).not.toContain(new URL(slack.url).pathname);
    await settle();
    expect(await deliveries(ws)).toEqual(before);
    slack.reset();
  });

  it('says what is missing when chat is not configured or is off', async () => {
    const bare = await newWorkspace();
    const missing = await h.request('POST', '/v1/integrations/chat/test', {
      as: users.alice,
      body: { workspace_key: bare },
    });
    expect(expectError(missing, 400, 'integration_not_configured').message).toContain('webhook_url');
    const off = await newWorkspace();
    await saveChat(off, {}, false);
    const disabled = await h.request('POST', '/v1/integrations/chat/test', {
      as: users.alice,
      body: { workspace_key: off },
    });
    expect(expectError(disabled, 400, 'integration_not_configured').message).toBe(
      `Integration not configured: chat is disabled in workspace ${off}`,
    );
    expect(slack.received).toHaveLength(0);
  });
});
