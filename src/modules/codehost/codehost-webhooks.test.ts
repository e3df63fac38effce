import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { makeRepos, signWebhookBody } from '../../test/fakes/codehost-fake.ts';
import { enc, useHarness } from '../../test/harness.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import {
  codehostFake,
  connectedWorkspace,
  deliverWebhook,
  WEBHOOK_SECRET,
  type DeliveryOptions,
} from './codehost.fixtures.ts';
import { codehostDeliveries } from './table.ts';

const gh = codehostFake();
const h = useHarness(() => gh.config(), { jobs: true });
const scene = workspaceScene(h);
const s = scene.users;

const deliver = (event: string, body: object, options: DeliveryOptions = {}) =>
  deliverWebhook(h, event, body, options);

const repoNames = async (ws: string) => {
  const res = await h.request('GET', `/v1/workspaces/${ws}/codehost/repos`, {
    as: s.bob,
    query: { limit: '200' },
  });
  return (res.json() as { items: Array<{ full_name: string }> }).items.map((r) => r.full_name).sort();
};

describe('POST /v1/webhooks/codehost', () => {
  it('checks the signature over the raw body before anything else, and changes nothing when it fails', async () => {
    const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s);
    // The connection's own first sync runs in the background: let it end before looking for changes.
    await expect.poll(() => repoNames(ws)).toHaveLength(3);
    const deliveriesBefore = await h.database.db.$count(codehostDeliveries);
    const body = { action: 'added', installation: { id: installationId }, repositories_added: [] };
    const raw = JSON.stringify(body);
    for (const signature of [
      null,
      '',
      'sha256=',
      signWebhookBody('another-secret', raw),
      signWebhookBody(WEBHOOK_SECRET, `${raw} `),
      signWebhookBody(WEBHOOK_SECRET, raw).replace('sha256=', 'sha1='),
    ]) {
      const res = await deliver('installation_repositories', body, { signature });
      expect(expectError(res, 401, 'unauthenticated').message).toMatch(/X-Hub-Signature-256/);
    }
    const notJson = await deliver('push', {}, { raw: '{not json' });
    expectError(notJson, 400, 'validation_failed');
    const wrongType = await h.app.inject({
      method: 'POST',
      url: '/v1/webhooks/codehost',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-hub-signature-256': 'sha256=00' },
      payload: 'payload=%7B%7D',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(await h.database.db.$count(codehostDeliveries)).toBe(deliveriesBefore);
    expect(await repoNames(ws)).toHaveLength(3);
  });

  it('syncs repositories and then their permissions on installation_repositories; a replay is acknowledged only', async () => {
    const org = h.uniq('org');
    const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s, {
      account: org,
      repos: [{ full_name: `${org}/api` }],
      settings: { auto_create_project: true },
    });
    gh.fake().setRepositories(installationId, [{ full_name: `${org}/api` }, { full_name: `${org}/new` }]);
    gh.fake().setUser(`${org}-bob`, { email: s.bob.email });
    gh.fake().setCollaborators(`${org}/new`, [{ login: `${org}-bob`, permission: 'write' }]);
    const added = { full_name: `${org}/new` };
    const id = randomUUID();
    const body = {
      action: 'added',
      installation: { id: installationId, account: { login: org } },
      repository_selection: 'selected',
      repositories_added: [added],
      repositories_removed: [],
    };
    const first = await deliver('installation_repositories', body, { id });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ status: 'queued' });
    await expect.poll(() => repoNames(ws)).toEqual([`${org}/api`, `${org}/new`]);
    const project = `codehost:${org}/new`;
    const members = async () =>
      (
        await h.request('GET', `/v1/projects/${enc(project)}/members`, {
          as: h.admin,
          query: { workspace_key: ws },
        })
      ).json() as { items?: Array<{ user_id: string; role: string }> };
    // The permission sync of the added repository follows the repository sync (its id comes from the code host).
    const newId = (
      (await h.request('GET', `/v1/workspaces/${ws}/codehost/repos`, { as: s.bob })).json() as {
        items: Array<{ full_name: string; repo_id: number }>;
      }
    ).items.find((r) => r.full_name === `${org}/new`)?.repo_id;
    expect(newId).toBeDefined();
    const memberDelivery = randomUUID();
    const member = await deliver(
      'member',
      { action: 'added', installation: { id: installationId }, repository: { id: newId } },
      { id: memberDelivery },
    );
    expect(member.json()).toEqual({ status: 'queued' });
    await expect
      .poll(async () => (await members()).items)
      .toEqual([expect.objectContaining({ user_id: s.bob.id, role: 'writer' })]);
    const again = await deliver('installation_repositories', body, { id });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ status: 'duplicate' });
    const timeline = await h.request('GET', '/v1/audit/access-timeline', {
      as: h.admin,
      query: { workspace_key: ws, source: 'codehost' },
    });
    const events = (timeline.json() as { items: Array<{ correlation_id: string; evidence: object }> }).items;
    expect(events).toEqual([
      expect.objectContaining({
        correlation_id: expect.any(String),
        evidence: expect.objectContaining({ repo: `${org}/new` }),
      }),
    ]);
    expect([id, memberDelivery]).toContain(events[0]?.correlation_id);
  });

  it('keeps a suspension: syncs answer 409 until the code host unsuspends, which syncs again', async () => {
    const { ws, installationId, account } = await connectedWorkspace(h, gh.fake(), s);
    await expect.poll(() => repoNames(ws)).toHaveLength(3);
    const status = async () =>
      (
        (await h.request('GET', `/v1/workspaces/${ws}/codehost/installation`, { as: s.bob })).json() as {
          installation: { suspended_at: string | null };
        }
      ).installation.suspended_at;
    gh.fake().suspend(installationId);
    const suspendedAt = '2026-12-01T09:30:00Z';
    const suspend = { action: 'suspend', installation: { id: installationId, suspended_at: suspendedAt } };
    expect((await deliver('installation', suspend)).statusCode).toBe(202);
    await expect.poll(status).toBe('2026-12-01T09:30:00.000Z');
    for (const path of ['sync-repos', 'sync-permissions']) {
      const res = await h.request('POST', `/v1/workspaces/${ws}/codehost/${path}`, { as: s.alice });
      expect(expectError(res, 409, 'conflict').message).toMatch(
        /suspended installation \d+ on 2026-12-01.*unsuspended/,
      );
    }
    // The same news again (another delivery) is not a second change.
    expect((await deliver('installation', suspend)).statusCode).toBe(202);
    const suspended = await auditOf(h, ws, 'codehost.installation.suspended');
    expect(suspended.map((e) => e.target.params)).toEqual([{ installation_id: installationId, account }]);

    gh.fake().unsuspend(installationId);
    gh.fake().setRepositories(installationId, makeRepos(account, 4));
    const unsuspend = { action: 'unsuspend', installation: { id: installationId, suspended_at: null } };
    expect((await deliver('installation', unsuspend)).statusCode).toBe(202);
    await expect.poll(() => repoNames(ws)).toHaveLength(4);
    expect(await status()).toBeNull();
    expect(await auditOf(h, ws, 'codehost.installation.unsuspended')).toHaveLength(1);
  });

  it('forgets an uninstalled installation and deactivates its repositories', async () => {
    const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s);
    await h.request('POST', `/v1/workspaces/${ws}/codehost/sync-repos`, { as: s.alice });
    expect(await repoNames(ws)).toHaveLength(3);
    const res = await deliver('installation', { action: 'deleted', installation: { id: installationId } });
    expect(res.json()).toEqual({ status: 'queued' });
    await expect.poll(() => repoNames(ws)).toEqual([]);
    const shown = await h.request('GET', `/v1/workspaces/${ws}/codehost/installation`, { as: s.bob });
    expect(shown.json()).toMatchObject({ connected: false });
    const [removed] = await auditOf(h, ws, 'codehost.installation.removed');
    expect(removed?.target.params).toEqual({
      installation_id: installationId,
      account: expect.any(String),
      deactivated: 3,
    });
  });

  it('acknowledges events it does not handle and installations no workspace has', async () => {
    expect((await deliver('push', { ref: 'refs/heads/main', installation: { id: 1 } })).json()).toEqual({
      status: 'ignored',
    });
    expect((await deliver('member', { action: 'added', installation: { id: 424242 } })).json()).toEqual({
      status: 'ignored',
    });
    const noDelivery = await h.app.inject({
      method: 'POST',
      url: '/v1/webhooks/codehost',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'ping',
        'x-hub-signature-256': signWebhookBody(WEBHOOK_SECRET, '{}'),
      },
      payload: '{}',
    });
    expectError(noDelivery, 400, 'validation_failed');
  });
});
