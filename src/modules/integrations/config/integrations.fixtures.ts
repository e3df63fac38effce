/** Users, requests and reads shared by the integration configuration tests. */
import { expect } from 'vitest';
import type { Config } from '../../../config/index.ts';
import { testConfig } from '../../../config/index.ts';
import type { Harness, TestUser } from '../../../test/harness.ts';
import { auditOf, workspaceScene } from '../../workspaces/workspace-routes-scenario.fixtures.ts';
import type { IntegrationView } from './integration-view.ts';
import { integrationConfigs } from './table.ts';

export const TRACKER = {
  base_url: 'https://acme.atlassian.net',
  email: 'bot@acme.example',
  api_token: 'tok-SECRET-1',
};

/** Config overrides with environment fallbacks and locked providers. */
export function withIntegrationEnv(
  fallbacks: Partial<Config['integrations']['fallbacks']>,
  locked: Config['integrations']['locked'] = [],
): Partial<Config> {
  const base = testConfig().integrations;
  return { integrations: { ...base, fallbacks: { ...base.fallbacks, ...fallbacks }, locked } };
}

/** `alice` (workspace admin), `bob` (member) and `outsider` (owner of another workspace only). */
export function integrationScene(h: Harness) {
  const { users, newWorkspace } = workspaceScene(h);
  const put = (body: Record<string, unknown>, as?: TestUser) =>
    h.request('PUT', '/v1/integrations', { as: as ?? users.alice, body });
  async function saved(body: Record<string, unknown>): Promise<IntegrationView> {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as IntegrationView;
  }
  async function views(ws: string, as?: TestUser): Promise<Record<string, IntegrationView>> {
    const res = await h.request('GET', '/v1/integrations', {
      as: as ?? users.alice,
      query: { workspace_key: ws },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as { items: IntegrationView[] };
    return Object.fromEntries(items.map((i) => [i.provider, i]));
  }
  /** Everything a configuration request could change: the views, the stored rows and the audit. */
  const stateOf = async (ws: string) => ({
    views: await views(ws, h.admin),
    rows: await h.database.db.select().from(integrationConfigs),
    audit: await auditOf(h, ws, 'integration.'),
  });
  return { users, newWorkspace, put, saved, views, stateOf };
}

/** A new workspace of the scene with `provider` saved by its admin (`alice`): returns its key. */
export async function workspaceWithProvider(
  h: Harness,
  scene: ReturnType<typeof workspaceScene>,
  provider: string,
  config: Record<string, unknown>,
  enabled = true,
): Promise<string> {
  const ws = await scene.newWorkspace();
  const res = await h.request('PUT', '/v1/integrations', {
    as: scene.users.alice,
    body: { workspace_key: ws, provider, enabled, config },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ws;
}
