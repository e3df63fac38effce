import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { Harness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';

let h: Harness;
let alice: TestUser; // workspace admin
let bob: TestUser; // plain member
let outsider: TestUser; // member of another workspace only

beforeAll(async () => {
  h = await Harness.start();
  alice = await h.user({ name: 'Alice' });
  bob = await h.user({ name: 'Bob' });
  outsider = await h.user({ name: 'Olga' });
  await h.workspace([[outsider, 'owner']]);
});
afterAll(() => h.close());

/** Text the server refuses to store (NUL, unpaired UTF-16 surrogates): always a 400 naming the field. */
const unstorable = (s: string) =>
  s.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

const DEFAULTS = {
  default_outbound_locale: 'en',
  supported_locales: ['en'],
  resolution_order: ['codehost_remote', 'repo_root_slug', 'manual'],
  auto_create_project: false,
  key_prefixes: [],
  project_mappings: [],
  auto_switch_repo: true,
  auto_switch_subproject: false,
  enable_monorepo_resolution: false,
  monorepo_detection_level: 2,
};

interface AuditEntry {
  id: string;
  action: string;
  target: { type: string; id: string | null; params: Record<string, unknown> };
  actor: { user_id: string | null; system: string | null };
  correlation_id: string | null;
}

/** A workspace's audit entries with the prefix, newest first (read as the server admin). */
async function auditOf(ws: string, prefix: string): Promise<AuditEntry[]> {
  const res = await h.request('GET', '/v1/audit-logs', {
    as: h.admin,
    query: { workspace_key: ws, action_prefix: prefix, limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as AuditEntry[];
}

/** The workspace as the server admin sees it, or null when it does not exist. */
async function read(ws: string): Promise<Record<string, unknown> | null> {
  const res = await h.request('GET', `/v1/workspaces/${ws}`, { as: h.admin });
  if (res.statusCode === 404) return null;
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** Every workspace key the server admin can list, following cursors. */
async function allWorkspaceKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { limit: '200', ...(cursor ? { cursor } : {}) };
    const body = (await h.request('GET', '/v1/workspaces', { as: h.admin, query })).json() as {
      items: Array<{ workspace_key: string }>;
      next_cursor: string | null;
    };
    keys.push(...body.items.map((w) => w.workspace_key));
    cursor = body.next_cursor;
  } while (cursor);
  return keys;
}

async function membersOf(ws: string): Promise<Array<{ user_id: string; role: string }>> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/members`, { as: h.admin });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe('POST /v1/workspaces', () => {
  it('creates a workspace with every setting at its default, the creator as owner', async () => {
    const key = h.uniq('ws');
    const res = await h.request('POST', '/v1/workspaces', { as: h.admin, body: { workspace_key: key } });
    expect(res.statusCode).toBe(201);
    const ws = res.json();
    expect(ws).toEqual({
      workspace_key: key,
      name: key,
      ...DEFAULTS,
      role: 'owner',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(ws.created_at).toISOString()).toBe(ws.created_at);
    expect(await read(key)).toEqual(ws);
    expect(await membersOf(key)).toEqual([expect.objectContaining({ user_id: h.admin.id, role: 'owner' })]);
    const [added] = await auditOf(key, 'access.workspace_member.added');
    expect(added!.target.params).toMatchObject({
      source: 'manual',
      target_user_id: h.admin.id,
      old_role: null,
      new_role: 'OWNER',
      workspace_key: key,
    });
  });

  it('takes every setting, canonicalizing locale codes', async () => {
    const key = h.uniq('ws');
    const settings = {
      name: 'Acme Platform',
      default_outbound_locale: 'pt-br',
      supported_locales: ['en', 'pt-BR', 'DE'],
      resolution_order: ['manual', 'codehost_remote'],
      auto_create_project: true,
      key_prefixes: ['codehost:acme/', 'monorepo#apps'],
      project_mappings: [{ kind: 'repo_root_slug', external_id: 'api', project_key: 'codehost:acme/api' }],
      auto_switch_repo: false,
      auto_switch_subproject: true,
      enable_monorepo_resolution: true,
      monorepo_detection_level: 3,
    };
    const res = await h.request('POST', '/v1/workspaces', {
      as: h.admin,
      body: { workspace_key: key, ...settings },
    });
    expect(res.statusCode).toBe(201);
    const expected = {
      ...settings,
      workspace_key: key,
      default_outbound_locale: 'pt-BR',
      supported_locales: ['en', 'pt-BR', 'de'],
      project_mappings: [{ ...settings.project_mappings[0], priority: 0, enabled: true }],
      role: 'owner',
    };
    expect(res.json()).toMatchObject(expected);
    expect(await read(key)).toMatchObject(expected);
  });

  it('makes another server admin who creates a workspace its only owner', async () => {
    const second = await h.user({ isAdmin: true });
    const key = h.uniq('ws');
    const res = await h.request('POST', '/v1/workspaces', { as: second, body: { workspace_key: key } });
    expect(res.statusCode).toBe(201);
    expect(await membersOf(key)).toEqual([expect.objectContaining({ user_id: second.id, role: 'owner' })]);
  });

  it('answers 409 for an existing key and leaves the existing workspace untouched', async () => {
    const key = await h.workspace([[alice, 'admin']], { name: 'Original', auto_create_project: true });
    const before = await read(key);
    const membersBefore = await membersOf(key);
    const other = await h.user({ isAdmin: true });
    const res = await h.request('POST', '/v1/workspaces', {
      as: other,
      body: { workspace_key: key, name: 'Takeover', auto_create_project: false },
    });
    expectError(res, 409, 'conflict');
    expect(await read(key)).toEqual(before);
    expect(await membersOf(key)).toEqual(membersBefore);
  });

  it('gives one 201 and one 409 to two simultaneous creations of one key', async () => {
    const key = h.uniq('ws');
    const [a, b] = await Promise.all([
      h.request('POST', '/v1/workspaces', { as: h.admin, body: { workspace_key: key, name: 'A' } }),
      h.request('POST', '/v1/workspaces', { as: h.admin, body: { workspace_key: key, name: 'B' } }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expectError(loser, 409, 'conflict');
    const winner = a!.statusCode === 201 ? a! : b!;
    expect((await read(key))!.name).toBe(winner.json().name);
    expect((await allWorkspaceKeys()).filter((k) => k === key)).toHaveLength(1);
    expect(await membersOf(key)).toHaveLength(1);
  });

  it('is for server admins only', async () => {
    const key = h.uniq('ws');
    const call = { method: 'POST' as const, url: '/v1/workspaces', body: { workspace_key: key } };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, bob, call);
    const ownerOfOther = await h.user();
    await h.workspace([[ownerOfOther, 'owner']]);
    await expectForbiddenFor(h, ownerOfOther, call);
    expect(await read(key)).toBeNull();
  });

  it('rejects bad input with the field path, creating nothing', async () => {
    const before = await allWorkspaceKeys();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'body.workspace_key'],
      [{ workspace_key: 42 }, 'body.workspace_key'],
      [{ workspace_key: null }, 'body.workspace_key'],
      [{ workspace_key: '' }, 'body.workspace_key'],
      [{ workspace_key: 'Upper' }, 'body.workspace_key'],
      [{ workspace_key: 'has space' }, 'body.workspace_key'],
      [{ workspace_key: '../x' }, 'body.workspace_key'],
      [{ workspace_key: '-leading' }, 'body.workspace_key'],
      [{ workspace_key: 'a/b' }, 'body.workspace_key'],
      [{ workspace_key: 'x'.repeat(64) }, 'body.workspace_key'],
      ...HOSTILE_STRINGS.map((s): [Record<string, unknown>, string] => [
        { workspace_key: s },
        'body.workspace_key',
      ]),
    ];
    const key = () => h.uniq('bad');
    const settingCases: Array<[Record<string, unknown>, string]> = [
      [{ resolution_order: ['codehost_remote', 'svn_remote'] }, 'body.resolution_order.1'],
      [{ resolution_order: ['manual', 'manual'] }, 'body.resolution_order'],
      [{ resolution_order: [] }, 'body.resolution_order'],
      [{ resolution_order: 'manual' }, 'body.resolution_order'],
      [
        { resolution_order: ['codehost_remote', 'repo_root_slug', 'manual', 'manual'] },
        'body.resolution_order',
      ],
      [{ supported_locales: ['en', 'not a locale'] }, 'body.supported_locales.1'],
      [{ supported_locales: ['en', 'en'] }, 'body.supported_locales'],
      [{ supported_locales: [] }, 'body.supported_locales'],
      [{ supported_locales: 'en' }, 'body.supported_locales'],
      [{ default_outbound_locale: 'english!' }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: '' }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: 'x'.repeat(36) }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: 'fr' }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: 'de', supported_locales: ['en', 'fr'] }, 'body.default_outbound_locale'],
      [{ monorepo_detection_level: -1 }, 'body.monorepo_detection_level'],
      [{ monorepo_detection_level: 4 }, 'body.monorepo_detection_level'],
      [{ monorepo_detection_level: 2.5 }, 'body.monorepo_detection_level'],
      [{ monorepo_detection_level: '2' }, 'body.monorepo_detection_level'],
      [{ auto_create_project: 'true' }, 'body.auto_create_project'],
      [{ auto_switch_repo: 1 }, 'body.auto_switch_repo'],
      [{ auto_switch_subproject: null }, 'body.auto_switch_subproject'],
      [{ enable_monorepo_resolution: 'no' }, 'body.enable_monorepo_resolution'],
      [{ key_prefixes: ['has space'] }, 'body.key_prefixes.0'],
      [{ key_prefixes: [''] }, 'body.key_prefixes.0'],
      [{ key_prefixes: Array.from({ length: 51 }, (_, i) => `p${i}`) }, 'body.key_prefixes'],
      [{ key_prefixes: 'codehost:' }, 'body.key_prefixes'],
      [
        { project_mappings: [{ kind: 'manual', external_id: 'x', project_key: 'noColon' }] },
        'body.project_mappings.0.project_key',
      ],
      [
        { project_mappings: [{ kind: 'svn', external_id: 'x', project_key: 'codehost:a/b' }] },
        'body.project_mappings.0.kind',
      ],
      [
        { project_mappings: [{ kind: 'manual', external_id: 'x', project_key: 'codehost:a/b', extra: 1 }] },
        'body.project_mappings.0',
      ],
      [
        { project_mappings: [{ kind: 'manual', project_key: 'codehost:a/b' }] },
        'body.project_mappings.0.external_id',
      ],
      [{ name: '' }, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(201) }, 'body.name'],
      [{ name: 7 }, 'body.name'],
      [{ color: 'red' }, 'body'],
      [{ role: 'owner' }, 'body'],
    ];
    for (const [settings, path] of settingCases) cases.push([{ workspace_key: key(), ...settings }, path]);
    for (const [body, path] of cases) {
      const res = await h.request('POST', '/v1/workspaces', { as: h.admin, body });
      expectInvalid(res, path);
      const wsKey = body.workspace_key;
      if (typeof wsKey === 'string' && /^[a-z0-9][a-z0-9._-]{0,62}$/.test(wsKey)) {
        expect(await read(wsKey), JSON.stringify(body).slice(0, 80)).toBeNull();
      }
    }
    const notJson = await h.request('POST', '/v1/workspaces', {
      as: h.admin,
      body: '{"workspace_key": ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(notJson, 400, 'validation_failed');
    const text = await h.request('POST', '/v1/workspaces', {
      as: h.admin,
      body: 'workspace_key=abc',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(text, 415, 'unsupported_media_type');
    const hugeKey = h.uniq('huge');
    const huge = await h.request('POST', '/v1/workspaces', {
      as: h.admin,
      body: JSON.stringify({ workspace_key: hugeKey, name: 'x'.repeat(h.config.bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
    expect(await read(hugeKey)).toBeNull();
    expect(await allWorkspaceKeys()).toEqual(before);
  });

  it('stores hostile names verbatim or rejects them with the field path', async () => {
    for (const name of HOSTILE_STRINGS) {
      const key = h.uniq('hn');
      const res = await h.request('POST', '/v1/workspaces', {
        as: h.admin,
        body: { workspace_key: key, name },
      });
      if (name.length > 200 || unstorable(name)) {
        expectInvalid(res, 'body.name');
        expect(await read(key)).toBeNull();
      } else {
        expect(res.statusCode, name.slice(0, 20)).toBe(201);
        expect((await read(key))!.name).toBe(name);
      }
    }
  });
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
    expect(body.items[0]).toMatchObject({ ...DEFAULTS, name: b });
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
    const keys = await allWorkspaceKeys();
    expect(keys).toContain(theirs);
    const mine = await h.workspace();
    expect(await allWorkspaceKeys()).toContain(mine);
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
      ...DEFAULTS,
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

describe('PATCH /v1/workspaces/:key', () => {
  it('changes only the given settings and audits the change with from/to and reason', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    const before = (await read(ws))!;
    h.clock.advance(1000);
    const res = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: alice,
      body: {
        auto_create_project: true,
        supported_locales: ['en', 'pt-br'],
        default_outbound_locale: 'pt-BR',
        monorepo_detection_level: 2, // unchanged: not a changed field
        reason: 'Brazil team onboarding',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toEqual({
      ...before,
      auto_create_project: true,
      supported_locales: ['en', 'pt-BR'],
      default_outbound_locale: 'pt-BR',
      role: 'admin',
      updated_at: expect.any(String),
    });
    expect(after.updated_at > (before.updated_at as string)).toBe(true);
    expect(await read(ws)).toEqual({ ...after, role: 'owner' });
    const entries = await auditOf(ws, 'workspace_settings.');
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.action).toBe('workspace_settings.updated');
    expect(entry.actor.user_id).toBe(alice.id);
    expect(entry.target.params.workspace_key).toBe(ws);
    expect([...(entry.target.params.changed_fields as string[])].sort()).toEqual([
      'auto_create_project',
      'default_outbound_locale',
      'supported_locales',
    ]);
    expect(entry.target.params.changes).toEqual({
      auto_create_project: { from: false, to: true },
      supported_locales: { from: ['en'], to: ['en', 'pt-BR'] },
      default_outbound_locale: { from: 'en', to: 'pt-BR' },
    });
    expect(entry.target.params.reason).toBe('Brazil team onboarding');
  });

  it('records a null reason when none is given', async () => {
    const ws = await h.workspace([[alice, 'owner']]);
    const res = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: alice,
      body: { resolution_order: ['manual'], key_prefixes: ['codehost:acme/'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolution_order: ['manual'], key_prefixes: ['codehost:acme/'] });
    const [entry] = await auditOf(ws, 'workspace_settings.updated');
    expect(entry!.target.params).toMatchObject({
      changed_fields: ['resolution_order', 'key_prefixes'],
      changes: {
        resolution_order: { from: DEFAULTS.resolution_order, to: ['manual'] },
        key_prefixes: { from: [], to: ['codehost:acme/'] },
      },
      reason: null,
    });
  });

  it('writes no audit entry and changes nothing for a no-op PATCH', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    const setup = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: alice,
      body: { project_mappings: [{ kind: 'manual', external_id: 'x', project_key: 'codehost:acme/api' }] },
    });
    expect(setup.statusCode).toBe(200);
    const audited = await auditOf(ws, 'workspace_settings.');
    expect(audited).toHaveLength(1);
    const before = (await read(ws))!;
    h.clock.advance(1000);
    for (const body of [
      {},
      { reason: 'nothing really' },
      { auto_switch_repo: true, monorepo_detection_level: 2, supported_locales: ['EN'] },
      {
        project_mappings: [
          { project_key: 'codehost:acme/api', kind: 'manual', external_id: 'x', enabled: true, priority: 0 },
        ],
      },
      { name: ws },
    ]) {
      const res = await h.request('PATCH', `/v1/workspaces/${ws}`, { as: alice, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({ ...before, role: 'admin' });
    }
    expect(await read(ws)).toEqual(before);
    expect(await auditOf(ws, 'workspace_settings.')).toEqual(audited);
  });

  it('is for workspace admins and owners: members get 403, others 404', async () => {
    const ws = await h.workspace([[bob, 'member']]);
    const before = await read(ws);
    const call = {
      method: 'PATCH' as const,
      url: `/v1/workspaces/${ws}`,
      body: { auto_create_project: true },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, bob, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, alice, { ...call, url: `/v1/workspaces/${h.uniq('nope')}` });
    expect(await read(ws)).toEqual(before);
    expect(await auditOf(ws, 'workspace_settings.')).toEqual([]);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    const before = await read(ws);
    const cases: Array<[unknown, string]> = [
      [{ workspace_key: 'renamed' }, 'body'],
      [{ color: 'red' }, 'body'],
      [{ auto_create_project: 'yes' }, 'body.auto_create_project'],
      [{ resolution_order: ['codehost_remote', 'nope'] }, 'body.resolution_order.1'],
      [{ resolution_order: ['manual', 'manual'] }, 'body.resolution_order'],
      [{ supported_locales: ['en', '12'] }, 'body.supported_locales.1'],
      [{ default_outbound_locale: 'fr' }, 'body.default_outbound_locale'],
      // Dropping the current default from the supported list would orphan it.
      [{ supported_locales: ['fr'] }, 'body.default_outbound_locale'],
      [{ default_outbound_locale: 'xx_YY' }, 'body.default_outbound_locale'],
      [{ monorepo_detection_level: 4 }, 'body.monorepo_detection_level'],
      [{ monorepo_detection_level: -1 }, 'body.monorepo_detection_level'],
      [{ monorepo_detection_level: null }, 'body.monorepo_detection_level'],
      [{ key_prefixes: ['a b'] }, 'body.key_prefixes.0'],
      [{ project_mappings: {} }, 'body.project_mappings'],
      [{ name: '' }, 'body.name'],
      [{ name: 'x'.repeat(201) }, 'body.name'],
      [{ reason: 'x'.repeat(1001) }, 'body.reason'],
      [{ reason: 42, auto_create_project: true }, 'body.reason'],
      [{ auto_create_project: true, reason: '\u0000' }, 'body.reason'],
      [[], 'body'],
    ];
    for (const s of HOSTILE_STRINGS) {
      if (s.length > 200 || unstorable(s)) cases.push([{ name: s }, 'body.name']);
      if (s.length > 1000 || unstorable(s))
        cases.push([{ reason: s, auto_switch_repo: false }, 'body.reason']);
      cases.push([{ default_outbound_locale: s }, 'body.default_outbound_locale']);
      if (!/^[A-Za-z0-9._:/#-]{1,100}$/.test(s)) cases.push([{ key_prefixes: [s] }, 'body.key_prefixes.0']);
    }
    for (const [body, path] of cases) {
      expectInvalid(await h.request('PATCH', `/v1/workspaces/${ws}`, { as: alice, body }), path);
    }
    expectInvalid(
      await h.request('PATCH', '/v1/workspaces/Not_Valid', {
        as: alice,
        body: { auto_create_project: true },
      }),
      'params.key',
    );
    const huge = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: alice,
      body: JSON.stringify({ auto_create_project: true, reason: 'x'.repeat(h.config.bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
    expect(await read(ws)).toEqual(before);
    expect(await auditOf(ws, 'workspace_settings.')).toEqual([]);
  });

  it('stores hostile names and reasons verbatim', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    for (const s of HOSTILE_STRINGS.filter((v) => v.length <= 200 && !unstorable(v))) {
      const res = await h.request('PATCH', `/v1/workspaces/${ws}`, {
        as: alice,
        body: { name: s, reason: s },
      });
      expect(res.statusCode).toBe(200);
      expect((await read(ws))!.name).toBe(s);
      const [entry] = await auditOf(ws, 'workspace_settings.updated');
      expect(entry!.target.params.reason).toBe(s);
    }
  });
});
