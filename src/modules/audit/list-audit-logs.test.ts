import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  auditLogPages,
  manualWriterAddedParams,
  renameWorkspace,
  workspaceLog,
  type AuditEntry,
} from './audit-scenario.fixtures.ts';

const h = useHarness();
let wsAdmin: TestUser;
let member: TestUser;
let outsider: TestUser;
let alice: TestUser;
let ws: string;
let project: string;

beforeAll(async () => {
  ({ wsAdmin, member, outsider, alice, ws, project } = await workspaceLog(h));
});

describe('GET /v1/audit-logs (workspace log)', () => {
  it('answers the entries of the workspace, newest first, each linked to the one before', async () => {
    const res = await h.request('GET', '/v1/audit-logs', { as: wsAdmin, query: { workspace_key: ws } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: AuditEntry[]; next_cursor: string | null };
    expect(body.next_cursor).toBeNull();
    const items = body.items;
    // workspace.created, owner added, wsAdmin added, member added, project.created, settings,
    // alice added, alice added to the project, settings.
    expect(items.map((e) => e.action)).toEqual([
      'workspace_settings.updated',
      'access.project_member.added',
      'access.workspace_member.added',
      'workspace_settings.updated',
      'project.created',
      'access.workspace_member.added',
      'access.workspace_member.added',
      'access.workspace_member.added',
      'workspace.created',
    ]);
    expect(items.map((e) => e.seq)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    for (const [i, e] of items.entries()) {
      expect(e.workspace_key).toBe(ws);
      expect(e.id).toMatch(/^aud_/);
      expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(e.prev_hash).toBe(i + 1 < items.length ? items[i + 1]!.hash : null);
      expect(new Date(e.created_at).toISOString()).toBe(e.created_at);
      if (i + 1 < items.length) expect(e.id > items[i + 1]!.id).toBe(true);
    }
    expect(new Set(items.map((e) => e.hash)).size).toBe(items.length);
  });

  it('answers every field of an entry, with the actor and the request id of the change', async () => {
    h.clock.advance(24 * 3600_000);
    const before = h.clock.now();
    const patch = await renameWorkspace({ h, as: wsAdmin, ws }, 'Third name', 'rename to Third name');
    expect(patch.statusCode).toBe(200);
    const res = await h.request('GET', '/v1/audit-logs', {
      as: wsAdmin,
      query: { workspace_key: ws, limit: '2' },
    });
    const [entry, previous] = res.json().items as AuditEntry[];
    expect(entry).toEqual({
      id: expect.stringMatching(/^aud_/),
      seq: previous!.seq + 1,
      workspace_key: ws,
      action: 'workspace_settings.updated',
      target: {
        type: 'workspace',
        id: expect.stringMatching(/^ws_/),
        params: {
          workspace_key: ws,
          changed_fields: ['name'],
          changes: { name: { from: 'Second name', to: 'Third name' } },
          reason: 'rename to Third name',
        },
        metadata: {},
      },
      actor: { user_id: wsAdmin.id, system: null },
      correlation_id: null,
      request_id: patch.headers['x-request-id'],
      created_at: expect.any(String),
      prev_hash: previous!.hash,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      explanation: null,
    });
    // The entry is stamped with the service clock.
    expect(new Date(entry!.created_at).getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('records the access params contract for membership changes', async () => {
    const items = await auditLogPages(h, wsAdmin, {
      workspace_key: ws,
      action_prefix: 'access.project_member.',
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: 'access.project_member.added',
      target: {
        type: 'project',
        params: manualWriterAddedParams(alice.id, ws, project),
      },
      actor: { user_id: wsAdmin.id, system: null },
    });
  });

  it('filters by action prefix', async () => {
    const all = await auditLogPages(h, wsAdmin, { workspace_key: ws });
    const cases: Array<[string, number]> = [
      ['access.', 5],
      ['access.workspace_member.', 4],
      ['access.workspace_member.added', 4],
      ['workspace_settings.', all.filter((e) => e.action.startsWith('workspace_settings.')).length],
      ['project.created', 1],
      ['workspace.created', 1],
      ['nothing.like.this', 0],
    ];
    for (const [prefix, count] of cases) {
      const items = await auditLogPages(h, wsAdmin, { workspace_key: ws, action_prefix: prefix });
      expect(
        items.map((e) => e.action).every((a) => a.startsWith(prefix)),
        prefix,
      ).toBe(true);
      expect(items.length, prefix).toBe(count);
      // The filter keeps the newest-first order of the whole log.
      expect(items.map((e) => e.id)).toEqual(all.filter((e) => e.action.startsWith(prefix)).map((e) => e.id));
    }
  });

  it('matches `%`, `_` and `\\` in a prefix literally, never as LIKE wildcards', async () => {
    const all = await auditLogPages(h, wsAdmin, { workspace_key: ws });
    expect(all.length).toBeGreaterThan(5);
    // As a wildcard, `_` would also match `workspace.created`; literally only `workspace_settings.*`.
    const underscore = await auditLogPages(h, wsAdmin, { workspace_key: ws, action_prefix: 'workspace_' });
    expect(underscore.length).toBeGreaterThan(0);
    expect(underscore.every((e) => e.action.startsWith('workspace_settings.'))).toBe(true);
    for (const prefix of [
      '%',
      '_',
      '%access',
      '_ccess.',
      'access_',
      'access.workspace%',
      'workspace_created',
      '\\',
      '\\%',
      'access.\\',
      '%%',
      '__________',
    ]) {
      const res = await h.request('GET', '/v1/audit-logs', {
        as: wsAdmin,
        query: { workspace_key: ws, action_prefix: prefix },
      });
      expect(res.statusCode, prefix).toBe(200);
      expect(res.json().items, prefix).toEqual([]);
    }
  });

  it('pages with an opaque cursor: no duplicates, no gaps, same order as one big page', async () => {
    const all = await auditLogPages(h, wsAdmin, { workspace_key: ws });
    for (const limit of [1, 2, 3, all.length - 1, all.length, all.length + 1]) {
      const paged = await auditLogPages(h, wsAdmin, { workspace_key: ws }, limit);
      expect(
        paged.map((e) => e.id),
        `limit ${limit}`,
      ).toEqual(all.map((e) => e.id));
    }
    // A page that ends exactly at the last entry has no next cursor.
    const exact = await h.request('GET', '/v1/audit-logs', {
      as: wsAdmin,
      query: { workspace_key: ws, limit: String(all.length) },
    });
    expect(exact.json().next_cursor).toBeNull();
    const first = (
      await h.request('GET', '/v1/audit-logs', { as: wsAdmin, query: { workspace_key: ws, limit: '3' } })
    ).json();
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.next_cursor).not.toContain(first.items[2].id);
    // Paging with a filter also walks the filtered set exactly once.
    const access = await auditLogPages(h, wsAdmin, { workspace_key: ws, action_prefix: 'access.' });
    const accessPaged = await auditLogPages(h, wsAdmin, { workspace_key: ws, action_prefix: 'access.' }, 1);
    expect(accessPaged.map((e) => e.id)).toEqual(access.map((e) => e.id));
  });

  it('shows entries written between two page reads on a fresh read, never inside older pages', async () => {
    const first = (
      await h.request('GET', '/v1/audit-logs', { as: wsAdmin, query: { workspace_key: ws, limit: '2' } })
    ).json();
    const name = `Name ${h.uniq()}`;
    expect((await renameWorkspace({ h, as: wsAdmin, ws }, name, `rename to ${name}`)).statusCode).toBe(200);
    const second = (
      await h.request('GET', '/v1/audit-logs', {
        as: wsAdmin,
        query: { workspace_key: ws, limit: '2', cursor: first.next_cursor },
      })
    ).json();
    expect(second.items[0].seq).toBe(first.items[1].seq - 1);
    const fresh = (
      await h.request('GET', '/v1/audit-logs', { as: wsAdmin, query: { workspace_key: ws, limit: '1' } })
    ).json();
    expect(fresh.items[0].seq).toBe(first.items[0].seq + 1);
  });

  it('never mixes in the entries of another workspace', async () => {
    const other = await h.workspace([[wsAdmin, 'admin']]);
    const mine = await auditLogPages(h, wsAdmin, { workspace_key: ws });
    const theirs = await auditLogPages(h, wsAdmin, { workspace_key: other });
    expect(theirs.map((e) => e.seq)).toEqual([3, 2, 1]);
    expect(theirs.every((e) => e.workspace_key === other)).toBe(true);
    const mineIds = new Set(mine.map((e) => e.id));
    expect(theirs.some((e) => mineIds.has(e.id))).toBe(false);
  });

  it('lets a server admin read any workspace log without being a member', async () => {
    const res = await h.request('GET', '/v1/audit-logs', { as: h.admin, query: { workspace_key: ws } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
  });

  it('is for workspace admins: 401 without a key, 404 outside, 403 for members', async () => {
    const call = { method: 'GET' as const, url: '/v1/audit-logs', query: { workspace_key: ws } };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectForbiddenFor(h, member, call);
    // A workspace that does not exist looks the same as one the caller cannot see.
    await expectHiddenFrom(h, wsAdmin, { ...call, query: { workspace_key: 'no-such-workspace' } });
    await expectHiddenFrom(h, h.admin, { ...call, query: { workspace_key: 'no-such-workspace' } });
  });
});

describe('GET /v1/audit-logs (server-level log)', () => {
  it('answers user and own-key entries to a server admin, and no workspace entries', async () => {
    const fresh = await h.user();
    const items = await auditLogPages(h, h.admin, {});
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.workspace_key === null)).toBe(true);
    expect(items.every((e) => e.action === 'user.created' || e.action.startsWith('api_key.'))).toBe(true);
    expect(items.some((e) => e.action === 'user.created' && e.target.id === fresh.id)).toBe(true);
    expect(items.some((e) => e.action === 'api_key.created' && e.actor.user_id === fresh.id)).toBe(true);
    // One chain: consecutive seq, newest first, each linked to the one before.
    const seqs = items.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs.length - i));
    for (const [i, e] of items.entries()) {
      expect(e.prev_hash).toBe(i + 1 < items.length ? items[i + 1]!.hash : null);
    }
  });

  it('records a key created through HTTP with its request id, and filters by prefix', async () => {
    const created = await h.request('POST', '/v1/api-keys', { as: alice, body: { label: 'laptop' } });
    expect(created.statusCode, created.body).toBe(201);
    const items = await auditLogPages(h, h.admin, { action_prefix: 'api_key.created' });
    expect(items.every((e) => e.action === 'api_key.created')).toBe(true);
    expect(items[0]).toMatchObject({
      workspace_key: null,
      action: 'api_key.created',
      target: { type: 'api_key', id: created.json().id, params: { label: 'laptop', user_id: alice.id } },
      actor: { user_id: alice.id, system: null },
      request_id: created.headers['x-request-id'],
    });
    // Nothing in the server log ever carries a plaintext key.
    const everything = JSON.stringify(await auditLogPages(h, h.admin, {}));
    expect(everything).not.toContain(created.json().api_key);
    expect(everything).not.toContain(alice.key);
    const users = await auditLogPages(h, h.admin, { action_prefix: 'user.' });
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((e) => e.action === 'user.created')).toBe(true);
    expect(await auditLogPages(h, h.admin, { action_prefix: 'access.' })).toEqual([]);
  });

  it('pages the server log without duplicates or gaps', async () => {
    const all = await auditLogPages(h, h.admin, {});
    const paged = await auditLogPages(h, h.admin, {}, 2);
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('is for server admins only', async () => {
    await expectKeyRequired(h, { method: 'GET', url: '/v1/audit-logs' });
    for (const user of [wsAdmin, member, outsider]) {
      await expectForbiddenFor(h, user, { method: 'GET', url: '/v1/audit-logs' });
      await expectForbiddenFor(h, user, {
        method: 'GET',
        url: '/v1/audit-logs',
        query: { action_prefix: 'user.' },
      });
    }
  });
});
