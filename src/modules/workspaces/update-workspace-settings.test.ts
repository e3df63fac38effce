import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import {
  auditOf,
  DEFAULT_SETTINGS,
  readWorkspace,
  workspaceRouteUsers,
} from './workspace-routes-scenario.fixtures.ts';

const h = useHarness();
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  ({ alice, bob, outsider } = await workspaceRouteUsers(h));
});

describe('PATCH /v1/workspaces/:key', () => {
  it('changes only the given settings and audits the change with from/to and reason', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    const before = (await readWorkspace(h, ws))!;
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
    expect(await readWorkspace(h, ws)).toEqual({ ...after, role: 'owner' });
    const entries = await auditOf(h, ws, 'workspace_settings.');
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
    const [entry] = await auditOf(h, ws, 'workspace_settings.updated');
    expect(entry!.target.params).toMatchObject({
      changed_fields: ['resolution_order', 'key_prefixes'],
      changes: {
        resolution_order: { from: DEFAULT_SETTINGS.resolution_order, to: ['manual'] },
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
    const audited = await auditOf(h, ws, 'workspace_settings.');
    expect(audited).toHaveLength(1);
    const before = (await readWorkspace(h, ws))!;
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
    expect(await readWorkspace(h, ws)).toEqual(before);
    expect(await auditOf(h, ws, 'workspace_settings.')).toEqual(audited);
  });

  it('is for workspace admins and owners: members get 403, others 404', async () => {
    const ws = await h.workspace([[bob, 'member']]);
    const before = await readWorkspace(h, ws);
    const call = {
      method: 'PATCH' as const,
      url: `/v1/workspaces/${ws}`,
      body: { auto_create_project: true },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, bob, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, alice, { ...call, url: `/v1/workspaces/${h.uniq('nope')}` });
    expect(await readWorkspace(h, ws)).toEqual(before);
    expect(await auditOf(h, ws, 'workspace_settings.')).toEqual([]);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    const before = await readWorkspace(h, ws);
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
      [{ review_after_days: { actvity: 30 } }, 'body.review_after_days'],
      [{ review_after_days: { activity: 0 } }, 'body.review_after_days.activity'],
      [{ review_after_days: { activity: 3651 } }, 'body.review_after_days.activity'],
      [{ review_after_days: { activity: 1.5 } }, 'body.review_after_days.activity'],
      [{ review_after_days: { activity: '30' } }, 'body.review_after_days.activity'],
      [{ review_after_days: [30] }, 'body.review_after_days'],
      [{ review_after_days: null }, 'body.review_after_days'],
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
    expect(await readWorkspace(h, ws)).toEqual(before);
    expect(await auditOf(h, ws, 'workspace_settings.')).toEqual([]);
  });

  it('stores hostile names and reasons verbatim', async () => {
    const ws = await h.workspace([[alice, 'admin']]);
    for (const s of HOSTILE_STRINGS.filter((v) => v.length <= 200 && !unstorable(v))) {
      const res = await h.request('PATCH', `/v1/workspaces/${ws}`, {
        as: alice,
        body: { name: s, reason: s },
      });
      expect(res.statusCode).toBe(200);
      expect((await readWorkspace(h, ws))!.name).toBe(s);
      const [entry] = await auditOf(h, ws, 'workspace_settings.updated');
      expect(entry!.target.params.reason).toBe(s);
    }
  });
});
