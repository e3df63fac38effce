/** A Slack webhook fake, a workspace with chat saved by its admin, and reads of its deliveries. */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.ts';
import { SlackWebhookFake } from '../../test/fakes/slack-webhook-fake.ts';
import { workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import type { DeliveryView } from './delivery-view.ts';

export function chatScene(h: Harness) {
  const slack = new SlackWebhookFake();
  const scene = workspaceScene(h);
  beforeAll(async () => {
    await slack.listen();
  });
  afterAll(() => slack.close());
  // Each test starts with a quiet runner and an empty webhook, whatever the one before left.
  beforeEach(() => slack.reset());
  afterEach(() => settle());

  /** Saves chat for `ws` (as its admin alice) with the fake's webhook and `config`. */
  async function saveChat(ws: string, config: Record<string, unknown> = {}, enabled = true) {
    const res = await h.request('PUT', '/v1/integrations', {
      as: scene.users.alice,
      body: { workspace_key: ws, provider: 'chat', enabled, config: { webhook_url: slack.url, ...config } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A new workspace with chat on; the message for turning it on has arrived and is forgotten. */
  async function chatWorkspace(config: Record<string, unknown> = {}): Promise<string> {
    const ws = await scene.newWorkspace();
    await saveChat(ws, config);
    await settle();
    slack.reset();
    return ws;
  }

  /** An audited change (workspace_settings.updated): renames `ws`. */
  async function rename(ws: string, name: string, reason?: string, as?: TestUser) {
    const res = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: as ?? scene.users.alice,
      body: { name, ...(reason ? { reason } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /**
   * Has the job runner take every job committed so far and waits until it has nothing left to do.
   * (A commit's notification may come a moment after the answer: on PostgreSQL it travels on
   * another connection.)
   */
  const settle = async () => {
    h.jobs?.wake();
    await h.jobs?.idle();
  };

  async function deliveries(ws: string, query: Record<string, string> = {}): Promise<DeliveryView[]> {
    const res = await h.request('GET', `/v1/workspaces/${ws}/deliveries`, { as: scene.users.alice, query });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: DeliveryView[] }).items;
  }

  return { slack, ...scene, saveChat, chatWorkspace, rename, settle, deliveries };
}

/** The texts of a received Block Kit message: header, sentence, fields. */
export function blockTexts(payload: Record<string, unknown>) {
  const blocks = (payload.blocks ?? []) as Array<{
    text?: { text: string };
    fields?: Array<{ text: string }>;
  }>;
  return {
    header: blocks[0]?.text?.text,
    sentence: blocks[1]?.text?.text,
    fields: blocks[2]?.fields?.map((f) => f.text) ?? [],
    target: blocks[3]?.text?.text,
  };
}
