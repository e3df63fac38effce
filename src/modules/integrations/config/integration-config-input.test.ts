import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../../test/assertions.ts';
import { useHarness } from '../../../test/harness.ts';
import { integrationScene, TRACKER } from './integrations.fixtures.ts';

const h = useHarness();
const { newWorkspace, put, stateOf } = integrationScene(h);

describe('PUT /v1/integrations bad input', () => {
  it('names the field of every bad value and changes nothing', async () => {
    const ws = await newWorkspace();
    const ok = { workspace_key: ws, provider: 'tracker', enabled: true, config: TRACKER };
    const before = await stateOf(ws);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, provider: 'jira' }, 'body.provider'],
      [{ ...ok, provider: undefined }, 'body.provider'],
      [{ ...ok, enabled: 'yes' }, 'body.enabled'],
      [{ ...ok, enabled: undefined }, 'body.enabled'],
      [{ ...ok, config: undefined }, 'body.config'],
      [{ ...ok, config: [] }, 'body.config'],
      [{ ...ok, workspace_key: undefined }, 'body.workspace_key'],
      [{ ...ok, reason: 42 }, 'body.reason'],
      [{ ...ok, reason: 'r'.repeat(1001) }, 'body.reason'],
      [{ ...ok, extra: 1 }, 'body'],
      [{ ...ok, config: { ...TRACKER, password: 'x' } }, 'body.config'],
      [{ ...ok, config: { ...TRACKER, base_url: 'not a url' } }, 'body.config.base_url'],
      [{ ...ok, config: { ...TRACKER, base_url: 'ftp://acme.atlassian.net' } }, 'body.config.base_url'],
      [
        { ...ok, config: { ...TRACKER, base_url: 'https://user:pw@acme.atlassian.net' } },
        'body.config.base_url',
      ],
      [{ ...ok, config: { ...TRACKER, email: 'not-an-email' } }, 'body.config.email'],
      [{ ...ok, config: { ...TRACKER, api_token: '' } }, 'body.config.api_token'],
      [{ ...ok, config: { ...TRACKER, api_token: 7 } }, 'body.config.api_token'],
      [{ ...ok, config: { ...TRACKER, write_on_commit: 'true' } }, 'body.config.write_on_commit'],
      [{ ...ok, provider: 'wiki', config: { webhook_url: 'https://x.example' } }, 'body.config'],
      [{ ...ok, provider: 'chat', config: { format: 'fancy' } }, 'body.config.format'],
      [{ ...ok, provider: 'chat', config: { webhook_url: 'hooks' } }, 'body.config.webhook_url'],
      [{ ...ok, provider: 'chat', config: { action_prefixes: 'ci.' } }, 'body.config.action_prefixes'],
      [
        { ...ok, provider: 'chat', config: { routes: [{ action_prefix: 'ci.', min_severity: 'urgent' }] } },
        'body.config.routes.0.min_severity',
      ],
      [
        { ...ok, provider: 'chat', config: { routes: [{ channel: '#x' }] } },
        'body.config.routes.0.action_prefix',
      ],
      [
        { ...ok, provider: 'chat', config: { severity_rules: [{ action_prefix: 'ci.', severity: 'meh' }] } },
        'body.config.severity_rules.0.severity',
      ],
      [
        { ...ok, provider: 'audit_reasoner', config: { llm_provider: 'acme-ai' } },
        'body.config.llm_provider',
      ],
    ];
    for (const [body, path] of cases) {
      expectInvalid(await put(body), path);
    }
    expect(await stateOf(ws)).toEqual(before);
  });

  it('answers 413 for an oversized body and 400 for a body that is not an object', async () => {
    const ws = await newWorkspace();
    const before = await stateOf(ws);
    const huge = {
      workspace_key: ws,
      provider: 'tracker',
      enabled: true,
      config: { ...TRACKER, api_token: 'x'.repeat(2_000_000) },
    };
    expectError(await put(huge), 413, 'payload_too_large');
    for (const body of [[], 42, [{ provider: 'tracker' }]]) {
      expect((await put(body as unknown as Record<string, unknown>)).statusCode).toBe(400);
    }
    expect(await stateOf(ws)).toEqual(before);
  });

  it('stores hostile text as given or refuses what cannot be stored, never a 500', async () => {
    const ws = await newWorkspace();
    for (const s of HOSTILE_STRINGS) {
      const res = await put({
        workspace_key: ws,
        provider: 'chat',
        enabled: false,
        reason: s.slice(0, 1000),
        config: { default_channel: s.slice(0, 200), action_prefixes: [s.slice(0, 200)] },
      });
      if (unstorable(s)) {
        expect(res.statusCode, s).toBe(400);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { config: Record<string, unknown> }).config.default_channel).toBe(
        s.slice(0, 200),
      );
    }
  });
});
