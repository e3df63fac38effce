/** A language model fake beside the chat scene, and a workspace with chat and the audit reasoner on. */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { ModelFake } from '../../test/fakes/model-fake.ts';
import { chatScene } from '../notifications/chat.fixtures.ts';

/** An audit entry as GET /v1/audit-logs answers it, with what the tests read. */
export interface LoggedEntry {
  id: string;
  action: string;
  target: { params: Record<string, unknown> };
  explanation: {
    status: 'pending' | 'done' | 'failed';
    text: string | null;
    model: string | null;
    cached: boolean;
    failure: string | null;
    finished_at: string | null;
  } | null;
}

export function reasonerScene(h: Harness) {
  const chat = chatScene(h);
  const model = new ModelFake();
  beforeAll(async () => {
    await model.listen();
  });
  afterAll(() => model.close());
  beforeEach(() => model.reset());

  /** Saves the audit reasoner of `ws` (with a reason, so saving it asks for no explanation). */
  async function saveReasoner(ws: string, config: Record<string, unknown> = {}, enabled = true) {
    const res = await h.request('PUT', '/v1/integrations', {
      as: chat.users.alice,
      body: {
        workspace_key: ws,
        provider: 'audit_reasoner',
        enabled,
        reason: 'test set-up',
        config: {
          llm_provider: 'openai',
          model: 'gpt-test',
          api_key: model.apiKey,
          base_url: model.baseUrl,
          ...config,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A new workspace with chat and the reasoner on; what setting them up sent is forgotten. */
  async function reasonerWorkspace(
    reasoner: Record<string, unknown> = {},
    chatConfig: Record<string, unknown> = {},
  ): Promise<string> {
    const ws = await chat.chatWorkspace(chatConfig);
    await saveReasoner(ws, reasoner);
    await chat.settle();
    chat.slack.reset();
    model.calls.length = 0;
    return ws;
  }

  /** The workspace's audit entries, newest first. */
  async function logged(ws: string): Promise<LoggedEntry[]> {
    const res = await h.request('GET', '/v1/audit-logs', {
      as: chat.users.alice,
      query: { workspace_key: ws },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: LoggedEntry[] }).items;
  }

  /** The newest entry of `action`. */
  async function newest(ws: string, action = 'workspace_settings.updated'): Promise<LoggedEntry> {
    const entry = (await logged(ws)).find((e) => e.action === action);
    expect(entry, `an entry ${action}`).toBeDefined();
    return entry as LoggedEntry;
  }

  return { ...chat, model, saveReasoner, reasonerWorkspace, logged, newest };
}

/** The explanation section of a detailed chat message (headed by its label), if any. */
export function explanationBlock(payload: Record<string, unknown>): string | undefined {
  const blocks = (payload.blocks ?? []) as Array<{ text?: { text?: string } }>;
  return blocks.map((b) => b.text?.text ?? '').find((t) => t.startsWith('*Explanation (language model)*'));
}
