/** A project with a writer and a reader, and what the Active Work tests write and read through HTTP. */
import { expect } from 'vitest';
import { enc, type Harness, type TestUser } from '../../test/harness.ts';

export interface Item {
  id: string;
  title: string;
  status: string;
  closed_by_hand: boolean;
  confidence: number;
  confidence_parts: Record<string, number>;
  branch: string | null;
  issue_keys: string[];
  people: Array<{ user_id: string; email: string | null }>;
  evidence_count: number;
  first_evidence_at: string;
  last_evidence_at: string;
}
export interface Event {
  id: string;
  item_id: string;
  item_title: string;
  type: string;
  prev_status: string | null;
  next_status: string;
  actor: { user_id: string } | { system: string };
  reason: string | null;
  details: Record<string, unknown>;
}

export function activeWorkScene(h: Harness, users: { alice: TestUser; bob: TestUser }) {
  /** A workspace (alice admin, bob member) and a project where bob writes and a reader reads. */
  async function project(ws: string) {
    const reader = await h.user({ name: 'Rita' });
    await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: h.admin,
      body: { user_id: reader.id, role: 'member' },
    });
    const key = await h.project(ws, [
      [users.bob, 'writer'],
      [reader, 'reader'],
    ]);
    return { key, reader };
  }

  async function remember(
    ws: string,
    project: string,
    type: string,
    content: string,
    extra: Record<string, unknown> = {},
    as = users.bob,
  ) {
    const res = await h.request('POST', '/v1/memories', {
      as,
      body: { workspace_key: ws, project_key: project, type, content, ...extra },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { id: string }).id;
  }

  async function ciRun(ws: string, project: string, body: Record<string, unknown>, as = users.bob) {
    const res = await h.request('POST', '/v1/ci-events', {
      as,
      body: { workspace_key: ws, project_key: project, status: 'failure', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  /** Lets the job runner finish everything committed so far. */
  const settle = async () => {
    h.jobs?.wake();
    await h.jobs?.idle();
  };

  async function items(ws: string, project: string, query: Record<string, string> = {}, as = users.bob) {
    const res = await h.request('GET', `/v1/projects/${enc(project)}/active-work`, {
      as,
      query: { workspace_key: ws, ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Item[]; next_cursor: string | null };
  }

  async function events(ws: string, project: string, query: Record<string, string> = {}, as = users.bob) {
    const res = await h.request('GET', `/v1/projects/${enc(project)}/active-work/events`, {
      as,
      query: { workspace_key: ws, ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Event[]; next_cursor: string | null };
  }

  const act = (id: string, action: string, as: TestUser, reason?: string) =>
    h.request('POST', `/v1/active-work/${id}/${action}`, {
      as,
      body: reason === undefined ? {} : { reason },
    });

  return { project, remember, ciRun, settle, items, events, act };
}
