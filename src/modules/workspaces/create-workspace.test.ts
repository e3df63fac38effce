import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  allWorkspaceKeys,
  auditOf,
  DEFAULT_SETTINGS,
  readWorkspace,
  workspaceRouteUsers,
} from './workspace-routes-scenario.fixtures.ts';

const h = useHarness();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ({ alice, bob } = await workspaceRouteUsers(h));
});

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
      ...DEFAULT_SETTINGS,
      role: 'owner',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(ws.created_at).toISOString()).toBe(ws.created_at);
    expect(await readWorkspace(h, key)).toEqual(ws);
    expect(await membersOf(key)).toEqual([expect.objectContaining({ user_id: h.admin.id, role: 'owner' })]);
    const [added] = await auditOf(h, key, 'access.workspace_member.added');
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
    expect(await readWorkspace(h, key)).toMatchObject(expected);
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
    const before = await readWorkspace(h, key);
    const membersBefore = await membersOf(key);
    const other = await h.user({ isAdmin: true });
    const res = await h.request('POST', '/v1/workspaces', {
      as: other,
      body: { workspace_key: key, name: 'Takeover', auto_create_project: false },
    });
    expectError(res, 409, 'conflict');
    expect(await readWorkspace(h, key)).toEqual(before);
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
    expect((await readWorkspace(h, key))!.name).toBe(winner.json().name);
    expect((await allWorkspaceKeys(h)).filter((k) => k === key)).toHaveLength(1);
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
    expect(await readWorkspace(h, key)).toBeNull();
  });

  it('rejects bad input with the field path, creating nothing', async () => {
    const before = await allWorkspaceKeys(h);
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
        expect(await readWorkspace(h, wsKey), JSON.stringify(body).slice(0, 80)).toBeNull();
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
    expect(await readWorkspace(h, hugeKey)).toBeNull();
    expect(await allWorkspaceKeys(h)).toEqual(before);
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
        expect(await readWorkspace(h, key)).toBeNull();
      } else {
        expect(res.statusCode, name.slice(0, 20)).toBe(201);
        expect((await readWorkspace(h, key))!.name).toBe(name);
      }
    }
  });
});
