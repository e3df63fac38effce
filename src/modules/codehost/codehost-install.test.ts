import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs/table.ts';
import { expectError } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { callback, codehostFake, connectedWorkspace, installAt, installState } from './codehost.fixtures.ts';

const gh = codehostFake();
const h = useHarness(() => gh.config());
const scene = workspaceScene(h);
const s = scene.users;

const status = (ws: string, as = s.bob) =>
  h.request('GET', `/v1/workspaces/${ws}/codehost/installation`, { as });
const connectedAudit = async (ws: string) =>
  (await auditOf(h, ws, 'codehost.installation.')).map((e) => e.target.params);

describe('GET /v1/workspaces/:key/codehost/install-url', () => {
  it("answers the app's install page with a signed state, asking the code host for the page once", async () => {
    const ws = await scene.newWorkspace();
    gh.fake().reset();
    const res = await h.request('GET', `/v1/workspaces/${ws}/codehost/install-url`, { as: s.alice });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { install_url: string; expires_at: string };
    const url = new URL(body.install_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/apps/ctxhub-test/installations/new');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(Math.abs(Date.parse(body.expires_at) - h.clock.now().getTime() - 10 * 60_000)).toBeLessThan(1000);
    await h.request('GET', `/v1/workspaces/${ws}/codehost/install-url`, { as: s.alice });
    expect(
      gh
        .fake()
        .calls.filter((c) => c.path === '/app')
        .map((c) => c.auth),
    ).toEqual(['jwt']);
  });

  it('is for workspace admins and owners only', async () => {
    const ws = await scene.newWorkspace();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${ws}/codehost/install-url` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, s.outsider, call);
    await expectForbiddenFor(h, s.bob, call);
    expectError(
      await h.request('GET', '/v1/workspaces/nope/codehost/install-url', { as: s.alice }),
      404,
      'not_found',
    );
  });
});

describe('GET /v1/auth/codehost/callback', () => {
  it('connects the installation: stored, audited, shown to members, a first sync queued', async () => {
    const ws = await scene.newWorkspace();
    const id = installAt(gh.fake(), 'acme-one');
    const res = await callback(h, id, await installState(h, ws, s.alice));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      workspace_key: ws,
      connected: true,
      installation: {
        installation_id: id,
        account: { login: 'acme-one', type: 'Organization' },
        connected_by: { user_id: s.alice.id, email: s.alice.email },
      },
    });
    const shown = status(ws);
    expect((await shown).json()).toMatchObject({
      connected: true,
      webhooks_enabled: true,
      installation: {
        installation_id: id,
        repository_selection: 'selected',
        connected_by: { user_id: s.alice.id, email: s.alice.email },
      },
      repository_count: 0,
      last_sync: null,
    });
    const [entry] = await auditOf(h, ws, 'codehost.installation.connected');
    expect(entry?.actor.user_id).toBe(s.alice.id);
    expect(entry?.target.params).toEqual({
      installation_id: id,
      account: 'acme-one',
      repository_selection: 'selected',
      replaced_installation_id: null,
    });
    const queued = await h.database.db.select().from(jobs).where(eq(jobs.kind, 'codehost.sync_repos'));
    expect(queued.map((j) => j.payload)).toContainEqual({
      workspace_id: expect.any(String),
      trigger: 'connected',
    });
  });

  it("sends a browser to the Admin UI's code host page, with the outcome", async () => {
    const ws = await scene.newWorkspace();
    const id = installAt(gh.fake(), 'acme-browser');
    const html = { accept: 'text/html,application/xhtml+xml' };
    const ok = await callback(h, id, await installState(h, ws, s.alice), html);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/admin/codehost?workspace=${ws}&connected=${id}`);
    const refused = await callback(h, id, 'not.a-state', html);
    expect(refused.statusCode).toBe(303);
    const location = new URL(`http://x${refused.headers.location}`);
    expect(location.pathname).toBe('/admin/codehost');
    expect(location.searchParams.get('connect_error')).toBe('validation_failed');
    expect(location.searchParams.get('message')).toMatch(/state/);
  });

  it('refuses a tampered, expired or reused state, and a demoted admin, writing nothing', async () => {
    const ws = await scene.newWorkspace();
    const id = installAt(gh.fake(), 'acme-refused');
    const state = await installState(h, ws, s.alice);
    const [payload = '', signature = ''] = state.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: s.bob.id }),
    ).toString('base64url');
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      'x',
      `${payload}.`,
      `${state}.x`,
    ]) {
      const error = expectError(await callback(h, id, bad), 400, 'validation_failed');
      expect(error.message).toMatch(/state/);
    }
    h.clock.advance(10 * 60_000 + 1);
    expect(expectError(await callback(h, id, state), 410, 'gone').message).toMatch(/expired/);
    const demotedState = await installState(h, ws, s.alice);
    await h.request('PATCH', `/v1/workspaces/${ws}/members/${s.alice.id}`, {
      as: h.admin,
      body: { role: 'member' },
    });
    expect(expectError(await callback(h, id, demotedState), 403, 'forbidden').message).toMatch(
      /no longer an admin/,
    );
    await h.request('PATCH', `/v1/workspaces/${ws}/members/${s.alice.id}`, {
      as: h.admin,
      body: { role: 'admin' },
    });
    expect((await status(ws)).json()).toMatchObject({ connected: false, installation: null });
    expect(await connectedAudit(ws)).toEqual([]);
    const once = await installState(h, ws, s.alice);
    expect((await callback(h, id, once)).statusCode).toBe(200);
    expect(expectError(await callback(h, id, once), 410, 'gone').message).toMatch(/already used/);
    expect(await connectedAudit(ws)).toHaveLength(1);
  });

  it('refuses an installation the code host does not know, or one serving another workspace', async () => {
    const first = await connectedWorkspace(h, gh.fake(), s);
    const ws = await scene.newWorkspace();
    const unknown = await callback(h, 987654321, await installState(h, ws, s.alice));
    expect(expectError(unknown, 400, 'validation_failed').message).toMatch(/installation_id/);
    const taken = await callback(h, first.installationId, await installState(h, ws, s.alice));
    expect(expectError(taken, 409, 'conflict').message).toMatch(/another workspace/);
    expect((await status(ws)).json()).toMatchObject({ connected: false });
    for (const query of <Record<string, string>[]>[
      { state: 'a.b' },
      { installation_id: 'abc', state: 'a.b' },
      { installation_id: '-4', state: 'a.b' },
      { installation_id: '1' },
      { installation_id: '1', state: 'x'.repeat(2001) },
    ]) {
      expectError(await h.request('GET', '/v1/auth/codehost/callback', { query }), 400, 'validation_failed');
    }
  });

  it('replaces the workspace installation with a new one, audited with the one it replaced', async () => {
    const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s);
    const second = installAt(gh.fake(), 'acme-second');
    expect((await callback(h, second, await installState(h, ws, s.alice))).statusCode).toBe(200);
    expect((await status(ws)).json()).toMatchObject({ installation: { installation_id: second } });
    const [latest] = await connectedAudit(ws);
    expect(latest).toMatchObject({ installation_id: second, replaced_installation_id: installationId });
  });
});

describe('GET /v1/workspaces/:key/codehost/installation', () => {
  it('is for members; outsiders see no workspace', async () => {
    const ws = await scene.newWorkspace();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${ws}/codehost/installation` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, s.outsider, call);
    expect((await status(ws, s.bob)).json()).toMatchObject({
      workspace_key: ws,
      connected: false,
      repository_count: 0,
    });
  });
});
