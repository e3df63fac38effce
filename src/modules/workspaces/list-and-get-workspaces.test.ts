import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  allWorkspaceKeys,
  DEFAULT_SETTINGS,
  workspaceRouteUsers,
} from './workspace-routes-scenario.fixtures.ts';

const h = useHarness();
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  ({ alice, bob, outsider } = await workspaceRouteUsers(h));
});

describe('GET /v1/workspaces', () => {
  it("lists only the caller's workspaces, with their role", async () => {
    const user = await h.user();
    const a = await h.workspace([[user, 'admin']]);
    const b = await h.workspace([[user, 'member']]);
    await h.workspace([[alice, 'owner']]);
    const res = await h.request('GET', '/v1/workspaces', { as: user });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    expect(body.items.map((w: { workspace_key: string; role: string }) => [w.workspace_key, w.role])).toEqual(
      [
        [b, 'member'],
        [a, 'admin'],
      ],
    );
    expect(body.items[0]).toMatchObject({ ...DEFAULT_SETTINGS, name: b });
  });

  it('answers an empty list to a user in no workspace', async () => {
    const loner = await h.user();
    const res = await h.request('GET', '/v1/workspaces', { as: loner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], next_cursor: null });
  });

  it('lists every workspace for a server admin, with a null role where not a member', async () => {
    const second = await h.user({ isAdmin: true });
    const theirs = h.uniq('ws');
    expect(
      (await h.request('POST', '/v1/workspaces', { as: second, body: { workspace_key: theirs } })).statusCode,
    ).toBe(201);
    const keys = await allWorkspaceKeys(h);
    expect(keys).toContain(theirs);
    const mine = await h.workspace();
    expect(await allWorkspaceKeys(h)).toContain(mine);
    const items = (await h.request('GET', '/v1/workspaces', { as: h.admin, query: { limit: '200' } })).json()
      .items as Array<{ workspace_key: string; role: string | null }>;
    expect(items.find((w) => w.workspace_key === theirs)!.role).toBeNull();
    expect(items.find((w) => w.workspace_key === mine)!.role).toBe('owner');
  });

  it('pages with an opaque cursor, newest first, without overlap', async () => {
    const user = await h.user();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push(await h.workspace([[user, 'member']]));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
      const res = await h.request('GET', '/v1/workspaces', { as: user, query });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((w: { workspace_key: string }) => w.workspace_key));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it('rejects bad paging input', async () => {
    for (const [query, path] of [
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '201' }, 'query.limit'],
      [{ limit: 'ten' }, 'query.limit'],
      [{ limit: '1.5' }, 'query.limit'],
      [{ cursor: 'garbage' }, 'query.cursor'],
      [{ cursor: 'x'.repeat(201) }, 'query.cursor'],
      [{ sort: 'asc' }, 'query'],
    ] as Array<[Record<string, string>, string]>) {
      expectInvalid(await h.request('GET', '/v1/workspaces', { as: alice, query }), path);
    }
  });

  it('needs a valid key', () => expectKeyRequired(h, { method: 'GET', url: '/v1/workspaces' }));
});

describe('GET /v1/workspaces/:key', () => {
  it('answers a member the workspace with all settings and their role', async () => {
    const ws = await h.workspace([[bob, 'member']], { monorepo_detection_level: 1 });
    const res = await h.request('GET', `/v1/workspaces/${ws}`, { as: bob });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      workspace_key: ws,
      name: ws,
      ...DEFAULT_SETTINGS,
      monorepo_detection_level: 1,
      role: 'member',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('answers a server admin who is not a member, with a null role', async () => {
    const second = await h.user({ isAdmin: true });
    const ws = await h.workspace();
    const res = await h.request('GET', `/v1/workspaces/${ws}`, { as: second });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBeNull();
  });

  it('hides workspaces from non-members and unknown keys alike', async () => {
    const ws = await h.workspace([[bob, 'member']]);
    await expectHiddenFrom(h, outsider, { method: 'GET', url: `/v1/workspaces/${ws}` });
    await expectHiddenFrom(h, bob, { method: 'GET', url: `/v1/workspaces/${h.uniq('nope')}` });
    await expectKeyRequired(h, { method: 'GET', url: `/v1/workspaces/${ws}` });
  });

  it('rejects a malformed key with the path', async () => {
    expectInvalid(await h.request('GET', '/v1/workspaces/Upper', { as: h.admin }), 'params.key');
    expectInvalid(await h.request('GET', '/v1/workspaces/has%20space', { as: h.admin }), 'params.key');
    expectInvalid(await h.request('GET', `/v1/workspaces/${'x'.repeat(64)}`, { as: h.admin }), 'params.key');
  });
});
