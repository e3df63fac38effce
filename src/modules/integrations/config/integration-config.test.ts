import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { useHarness } from '../../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../../test/security-matrix.ts';
import { auditOf } from '../../workspaces/workspace-routes-scenario.fixtures.ts';
import { integrationScene, TRACKER } from './integrations.fixtures.ts';
import { workspaces } from '../../tenancy/table.ts';
import { integrationConfigs } from './table.ts';

const h = useHarness();
const { users, newWorkspace, put, saved, views, stateOf } = integrationScene(h);

describe('PUT and GET /v1/integrations', () => {
  it('saves a provider, answers without secrets, and lists every provider', async () => {
    const ws = await newWorkspace();
    const view = await saved({
      workspace_key: ws,
      provider: 'tracker',
      enabled: true,
      reason: 'connect Jira',
      config: TRACKER,
    });
    expect(view).toMatchObject({
      provider: 'tracker',
      enabled: true,
      configured: true,
      missing: [],
      source: 'workspace',
      locked: false,
      config: { base_url: TRACKER.base_url, email: TRACKER.email, has_api_token: true },
      field_sources: { base_url: 'workspace', email: 'workspace', api_token: 'workspace' },
      secrets_unreadable: false,
    });
    expect(JSON.stringify(view)).not.toContain(TRACKER.api_token);

    const all = await views(ws);
    expect(Object.keys(all)).toEqual(['tracker', 'wiki', 'chat', 'audit_reasoner']);
    expect(all.tracker).toEqual(view);
    expect(all.chat).toMatchObject({
      enabled: false,
      configured: false,
      source: 'none',
      missing: ['webhook_url'],
    });
    expect(all.chat!.config).toMatchObject({ has_webhook_url: false, format: 'detailed' });
  });

  it('seals secrets at rest and never writes them into the audit entry', async () => {
    const ws = await newWorkspace();
    const webhook = 'https://hooks.chat.example/services/T000/B000/XXXXSECRET';
    await saved({ workspace_key: ws, provider: 'tracker', enabled: true, config: TRACKER });
    await saved({
      workspace_key: ws,
      provider: 'chat',
      enabled: true,
      config: { webhook_url: webhook, format: 'compact' },
    });
    const rows = await h.database.db.select().from(integrationConfigs);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(TRACKER.api_token);
    expect(stored).not.toContain('XXXXSECRET');
    const audit = JSON.stringify(await auditOf(h, ws, 'integration.'));
    expect(audit).not.toContain(TRACKER.api_token);
    expect(audit).not.toContain('XXXXSECRET');
    const chat = (await views(ws)).chat!;
    expect(chat.config).toMatchObject({ has_webhook_url: true, format: 'compact' });
    expect(JSON.stringify(chat)).not.toContain('XXXXSECRET');
  });

  it('keeps a secret left out, clears it with null, and audits the changed field names and reason', async () => {
    const ws = await newWorkspace();
    await saved({ workspace_key: ws, provider: 'tracker', enabled: true, reason: 'first', config: TRACKER });
    const kept = await saved({
      workspace_key: ws,
      provider: 'tracker',
      enabled: true,
      reason: 'new address',
      config: { base_url: 'https://acme2.atlassian.net', email: TRACKER.email },
    });
    expect(kept.config).toMatchObject({ base_url: 'https://acme2.atlassian.net', has_api_token: true });
    expect(kept.configured).toBe(true);
    const cleared = await saved({
      workspace_key: ws,
      provider: 'tracker',
      enabled: false,
      reason: 'rotate',
      config: { base_url: 'https://acme2.atlassian.net', email: TRACKER.email, api_token: null },
    });
    expect(cleared).toMatchObject({ enabled: false, configured: false, missing: ['api_token'] });
    expect(cleared.config.has_api_token).toBe(false);

    const entries = await auditOf(h, ws, 'integration.');
    expect(entries.map((e) => e.target.params)).toEqual([
      {
        workspace_key: ws,
        provider: 'tracker',
        enabled: false,
        changed_fields: ['enabled', 'api_token'],
        reason: 'rotate',
      },
      {
        workspace_key: ws,
        provider: 'tracker',
        enabled: true,
        changed_fields: ['base_url'],
        reason: 'new address',
      },
      {
        workspace_key: ws,
        provider: 'tracker',
        enabled: true,
        changed_fields: ['enabled', 'api_token', 'base_url', 'email'],
        reason: 'first',
      },
    ]);
    expect(
      entries.every((e) => e.action === 'integration.updated' && e.actor.user_id === users.alice.id),
    ).toBe(true);
  });

  it('writes nothing for a PUT that changes nothing', async () => {
    const ws = await newWorkspace();
    const body = { workspace_key: ws, provider: 'tracker', enabled: true, config: TRACKER };
    await saved(body);
    const before = await stateOf(ws);
    await saved({ ...body, config: { ...TRACKER, api_token: undefined } });
    await saved(body);
    expect(await stateOf(ws)).toEqual(before);
  });

  it('has its security matrix: no key, other workspace, member', async () => {
    const ws = await newWorkspace();
    const body = { workspace_key: ws, provider: 'tracker', enabled: true, config: TRACKER };
    const before = await stateOf(ws);
    await expectKeyRequired(h, { method: 'PUT', url: '/v1/integrations', body });
    await expectKeyRequired(h, { method: 'GET', url: '/v1/integrations', query: { workspace_key: ws } });
    await expectHiddenFrom(h, users.outsider, { method: 'PUT', url: '/v1/integrations', body });
    await expectHiddenFrom(h, users.outsider, {
      method: 'GET',
      url: '/v1/integrations',
      query: { workspace_key: ws },
    });
    await expectForbiddenFor(h, users.bob, { method: 'PUT', url: '/v1/integrations', body });
    await expectForbiddenFor(h, users.bob, {
      method: 'GET',
      url: '/v1/integrations',
      query: { workspace_key: ws },
    });
    expectError(await put({ ...body, workspace_key: 'no-such-ws' }), 404, 'not_found');
    expect(await stateOf(ws)).toEqual(before);
    // A server administrator acts as owner.
    expect((await put(body, h.admin)).statusCode).toBe(200);
  });
});

describe('stored secrets and the server key', () => {
  it('flags secrets that no longer open and asks for them again instead of losing them silently', async () => {
    const ws = await newWorkspace();
    await saved({ workspace_key: ws, provider: 'tracker', enabled: true, config: TRACKER });
    const other = await newWorkspace();
    await saved({
      workspace_key: other,
      provider: 'tracker',
      enabled: true,
      config: { base_url: TRACKER.base_url },
    });
    // The sealed value of one workspace copied into another's row does not open there.
    const rowOf = async (key: string) => {
      const [w] = await h.database.db.select().from(workspaces).where(eq(workspaces.key, key));
      const [r] = await h.database.db
        .select()
        .from(integrationConfigs)
        .where(eq(integrationConfigs.workspaceId, w!.id));
      return r!;
    };
    const source = await rowOf(ws);
    const target = await rowOf(other);
    expect(target.sealedSecrets).toBeNull();
    await h.database.db
      .update(integrationConfigs)
      .set({ sealedSecrets: source.sealedSecrets })
      .where(eq(integrationConfigs.workspaceId, target.workspaceId));
    const view = (await views(other)).tracker!;
    expect(view).toMatchObject({
      secrets_unreadable: true,
      configured: false,
      missing: ['email', 'api_token'],
    });
    expect(view.config.has_api_token).toBe(false);
    const res = await put({
      workspace_key: other,
      provider: 'tracker',
      enabled: true,
      config: { base_url: TRACKER.base_url },
    });
    expect(expectError(res, 409, 'conflict').message).toMatch(/send api_token again/);
    const fixed = await saved({
      workspace_key: other,
      provider: 'tracker',
      enabled: true,
      config: { ...TRACKER },
    });
    expect(fixed).toMatchObject({ secrets_unreadable: false, configured: true });
  });
});
