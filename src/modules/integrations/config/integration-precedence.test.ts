import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../config/index.ts';
import { expectError, expectInvalid } from '../../../test/assertions.ts';
import { useHarness } from '../../../test/harness.ts';
import { auditOf } from '../../workspaces/workspace-routes-scenario.fixtures.ts';
import { integrationScene, TRACKER, withIntegrationEnv } from './integrations.fixtures.ts';

const ENV_TRACKER = {
  base_url: 'https://env.atlassian.net',
  email: 'env@acme.example',
  api_token: 'env-SECRET',
};
const overrides = withIntegrationEnv(
  {
    tracker: ENV_TRACKER,
    chat: { webhook_url: 'https://hooks.chat.example/services/ENVSECRET', format: 'compact' },
    audit_reasoner: { model: 'env-model' },
  },
  ['chat'],
);
const h = useHarness({
  ...overrides,
  integrations: {
    ...overrides.integrations!,
    allowPrivateNetwork: false,
    timeoutMs: testConfig().integrations.timeoutMs,
    model: { ...testConfig().integrations.model, apiKeys: { openai: 'sk-ENVSECRET' } },
  },
});
const { newWorkspace, put, saved, views, stateOf } = integrationScene(h);

describe('integration precedence: workspace over environment, field by field', () => {
  it('applies environment fallbacks alone, without showing their secrets', async () => {
    const ws = await newWorkspace();
    const all = await views(ws);
    expect(all.tracker).toMatchObject({
      enabled: true,
      configured: true,
      source: 'env',
      config: { base_url: ENV_TRACKER.base_url, email: ENV_TRACKER.email, has_api_token: true },
      field_sources: { base_url: 'env', email: 'env', api_token: 'env' },
    });
    expect(all.wiki).toMatchObject({ source: 'none', configured: false, enabled: false });
    expect(JSON.stringify(all)).not.toMatch(/SECRET/);
  });

  it('lets saved fields win one by one, the rest still coming from the environment', async () => {
    const ws = await newWorkspace();
    const view = await saved({
      workspace_key: ws,
      provider: 'tracker',
      enabled: true,
      config: { base_url: TRACKER.base_url },
    });
    expect(view).toMatchObject({
      source: 'workspace',
      configured: true,
      config: { base_url: TRACKER.base_url, email: ENV_TRACKER.email, has_api_token: true },
      field_sources: { base_url: 'workspace', email: 'env', api_token: 'env' },
    });
    const disabled = await saved({ workspace_key: ws, provider: 'tracker', enabled: false, config: {} });
    expect(disabled).toMatchObject({
      enabled: false,
      configured: true,
      config: { base_url: ENV_TRACKER.base_url },
    });
  });

  it('refuses updates of a locked provider, which takes the environment only', async () => {
    const ws = await newWorkspace();
    const before = await stateOf(ws);
    const res = await put({
      workspace_key: ws,
      provider: 'chat',
      enabled: false,
      config: { format: 'detailed' },
    });
    const error = expectError(res, 403, 'provider_locked');
    expect(error.message).toMatch(/chat/);
    expect(error.message).toMatch(/locked/);
    expect(await stateOf(ws)).toEqual(before);
    expect((await views(ws)).chat).toMatchObject({
      locked: true,
      source: 'env',
      enabled: true,
      configured: true,
      config: { format: 'compact', has_webhook_url: true },
    });
  });

  it('lets a wiki on the tracker site reuse the tracker email and token, and no other wiki', async () => {
    const ws = await newWorkspace();
    await saved({ workspace_key: ws, provider: 'tracker', enabled: true, config: TRACKER });
    const same = await saved({
      workspace_key: ws,
      provider: 'wiki',
      enabled: true,
      config: { base_url: `${TRACKER.base_url}/wiki/` },
    });
    expect(same).toMatchObject({
      configured: true,
      config: { email: TRACKER.email, has_api_token: true },
      field_sources: { base_url: 'workspace', email: 'tracker', api_token: 'tracker' },
    });
    const other = await saved({
      workspace_key: ws,
      provider: 'wiki',
      enabled: true,
      config: { base_url: 'https://docs.example.org/wiki' },
    });
    expect(other).toMatchObject({ configured: false, missing: ['email', 'api_token'] });
  });

  it('takes the environment first for the audit reasoner', async () => {
    const ws = await newWorkspace();
    const view = await saved({
      workspace_key: ws,
      provider: 'audit_reasoner',
      enabled: true,
      config: {
        llm_provider: 'openai',
        model: 'workspace-model',
        base_url: 'https://llm.example.com/v1',
        api_key: 'sk-WORKSPACE',
      },
    });
    expect(view).toMatchObject({
      source: 'workspace',
      configured: true,
      config: {
        model: 'env-model',
        llm_provider: 'openai',
        base_url: 'https://llm.example.com/v1',
        has_api_key: true,
      },
      field_sources: { model: 'env', base_url: 'workspace', llm_provider: 'workspace', api_key: 'env' },
    });
    expect((await auditOf(h, ws, 'integration.'))[0]!.target.params).toMatchObject({
      provider: 'audit_reasoner',
      changed_fields: ['enabled', 'api_key', 'base_url', 'llm_provider', 'model'],
    });
  });

  it("keeps the workspace's key when the environment has none for the provider that applies", async () => {
    const ws = await newWorkspace();
    const view = await saved({
      workspace_key: ws,
      provider: 'audit_reasoner',
      enabled: true,
      config: { llm_provider: 'anthropic', api_key: 'sk-ant-WORKSPACE' },
    });
    expect(view).toMatchObject({
      configured: true,
      config: { llm_provider: 'anthropic', model: 'env-model', has_api_key: true },
      field_sources: { api_key: 'workspace', llm_provider: 'workspace' },
    });
  });

  it('refuses URLs into private, loopback and internal networks', async () => {
    const ws = await newWorkspace();
    const before = await stateOf(ws);
    for (const base_url of [
      'http://127.0.0.1:8080',
      'https://localhost',
      'http://10.0.0.5',
      'http://[::1]:9000',
      'http://169.254.169.254',
    ]) {
      const res = await put({
        workspace_key: ws,
        provider: 'tracker',
        enabled: true,
        config: { ...TRACKER, base_url },
      });
      expect(expectInvalid(res, 'body.config.base_url').message).toMatch(/internal address/);
    }
    expect(await stateOf(ws)).toEqual(before);
  });
});
