import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs/table.ts';
import { workspaces } from '../tenancy/index.ts';
import { queueDailyPermissionSyncs } from './nightly-permission-sync.ts';
import { expectError } from '../../test/assertions.ts';
import { enc, useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import { codehostFake, connectedWorkspace } from './codehost.fixtures.ts';

const gh = codehostFake();
const h = useHarness(() => gh.config());
const scene = workspaceScene(h);
const s = scene.users;

interface Planned {
  change: string;
  project_key: string;
  user_id: string;
  email: string | null;
  old_role: string | null;
  new_role: string | null;
  evidence: Record<string, string>;
}
interface SyncBody {
  dry_run: boolean;
  correlation_id: string;
  repositories: number;
  added: number;
  changed: number;
  removed: number;
  kept_manual: number;
  skipped: { unknown_logins: string[]; not_workspace_members: string[] };
  changes: Planned[];
}

const syncPermissions = (ws: string, dryRun?: string, as = s.alice) =>
  h.request('POST', `/v1/workspaces/${ws}/codehost/sync-permissions`, {
    as,
    ...(dryRun === undefined ? {} : { query: { dry_run: dryRun } }),
  });
const members = async (ws: string, project: string) => {
  const res = await h.request('GET', `/v1/projects/${enc(project)}/members`, {
    as: h.admin,
    query: { workspace_key: ws },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<{ user_id: string; role: string }> }).items
    .map((m) => `${m.user_id}:${m.role}`)
    .sort();
};
const codehostEvents = async (ws: string) => {
  const res = await h.request('GET', '/v1/audit/access-timeline', {
    as: h.admin,
    query: { workspace_key: ws, source: 'codehost', limit: '200' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<Record<string, unknown>> }).items;
};

/**
 * A workspace (alice admin; bob, carol members) linked to `org/api` and `org/web` with their
 * projects; at the code host bob is known by his public e-mail, carol by the login she stored,
 * dana is a ctxhub user outside the workspace and ghost is nobody ctxhub knows. Bob's write on api
 * comes through the team `backend`.
 */
async function scenario() {
  const carol = await h.user({ name: 'Carol' });
  const dana = await h.user({ name: 'Dana' });
  const org = h.uniq('org');
  const { ws, installationId } = await connectedWorkspace(h, gh.fake(), s, {
    account: org,
    repos: [{ full_name: `${org}/api` }, { full_name: `${org}/web` }],
    settings: { auto_create_project: true },
  });
  await h.request('POST', `/v1/workspaces/${ws}/members`, {
    as: h.admin,
    body: { user_id: carol.id, role: 'member' },
  });
  const login = await h.request('PATCH', `/v1/users/${carol.id}`, {
    as: carol,
    body: { codehost_login: `${org}-Carol` },
  });
  expect(login.statusCode, login.body).toBe(200);
  gh.fake().setUser(`${org}-bob`, { email: s.bob.email.toUpperCase() });
  gh.fake().setUser(`${org}-dana`, { email: dana.email });
  gh.fake().setCollaborators(`${org}/api`, [
    { login: `${org}-bob`, permission: 'write', team: 'backend' },
    { login: `${org}-carol`, permission: 'admin' },
    { login: `${org}-dana`, permission: 'read' },
    { login: `${org}-ghost`, permission: 'read' },
  ]);
  gh.fake().setCollaborators(`${org}/web`, [
    { login: `${org}-bob`, permission: 'triage' },
    { login: `${org}-carol`, permission: 'write' },
  ]);
  expect(
    (await h.request('POST', `/v1/workspaces/${ws}/codehost/sync-repos`, { as: s.alice })).statusCode,
  ).toBe(200);
  const api = `codehost:${org}/api`;
  const web = `codehost:${org}/web`;
  // Carol is a reader of web by hand: the sync never changes that.
  await h.request('POST', `/v1/projects/${enc(web)}/members`, {
    as: h.admin,
    body: { workspace_key: ws, user_id: carol.id, role: 'reader' },
  });
  return { ws, org, api, web, carol, dana, installationId };
}

const triple = (c: Planned) => `${c.change} ${c.project_key} ${c.email} ${c.old_role}->${c.new_role}`;

describe('POST /v1/workspaces/:key/codehost/sync-permissions', () => {
  it('previews with dry_run: the plan, the people skipped, nothing changed', async () => {
    const { ws, org, api, web, carol } = await scenario();
    const before = [await members(ws, api), await members(ws, web)];
    const res = await syncPermissions(ws, 'true');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SyncBody;
    expect(body).toMatchObject({
      dry_run: true,
      repositories: 2,
      added: 3,
      changed: 0,
      removed: 0,
      kept_manual: 1,
    });
    expect(body.skipped).toEqual({
      unknown_logins: [`${org}-ghost`],
      not_workspace_members: [`${org}-dana`],
    });
    expect(body.changes.map(triple).sort()).toEqual(
      [
        `add ${api} ${s.bob.email} null->writer`,
        `add ${api} ${carol.email} null->maintainer`,
        `add ${web} ${s.bob.email} null->reader`,
      ].sort(),
    );
    expect(body.changes.find((c) => c.email === carol.email)?.evidence).toEqual({
      repo: `${org}/api`,
      permission: 'admin',
      login: `${org}-carol`,
    });
    expect(body.changes.find((c) => c.email === s.bob.email && c.project_key === api)?.evidence).toEqual({
      repo: `${org}/api`,
      permission: 'write',
      login: `${org}-bob`,
      team: 'backend',
    });
    expect([await members(ws, api), await members(ws, web)]).toEqual(before);
    expect(await codehostEvents(ws)).toEqual([]);
    expect(await auditOf(h, ws, 'codehost.permissions.')).toEqual([]);
  });

  it('applies the plan with access events grouped by one correlation id, then follows later changes', async () => {
    const { ws, org, api, web, carol } = await scenario();
    const applied = (await syncPermissions(ws)).json() as SyncBody;
    expect(applied).toMatchObject({ dry_run: false, added: 3, kept_manual: 1 });
    expect(await members(ws, api)).toEqual([`${carol.id}:maintainer`, `${s.bob.id}:writer`].sort());
    expect(await members(ws, web)).toEqual([`${carol.id}:reader`, `${s.bob.id}:reader`].sort());
    const events = await codehostEvents(ws);
    expect(events).toHaveLength(3);
    expect(new Set(events.map((e) => e.correlation_id))).toEqual(new Set([applied.correlation_id]));
    expect(events.find((e) => (e.target_user as { id: string }).id === carol.id)).toMatchObject({
      action: 'access.project_member.added',
      source: 'codehost',
      project_key: api,
      new_role: 'MAINTAINER',
      evidence: { repo: `${org}/api`, permission: 'admin', login: `${org}-carol` },
    });
    expect(
      events.find((e) => (e.target_user as { id: string }).id === s.bob.id && e.project_key === api),
    ).toMatchObject({
      new_role: 'WRITER',
      evidence: { repo: `${org}/api`, permission: 'write', login: `${org}-bob`, team: 'backend' },
    });
    const [summary] = await auditOf(h, ws, 'codehost.permissions.synced');
    expect(summary?.target.params).toMatchObject({
      added: 3,
      changed: 0,
      removed: 0,
      skipped_unknown: 1,
      trigger: 'manual',
    });
    expect(summary?.correlation_id).toBe(applied.correlation_id);

    gh.fake().setCollaborators(`${org}/api`, [
      { login: `${org}-bob`, permission: 'read' },
      { login: `${org}-carol`, permission: 'admin' },
    ]);
    gh.fake().setCollaborators(`${org}/web`, [{ login: `${org}-carol`, permission: 'write' }]);
    gh.fake().reset();
    const next = (await syncPermissions(ws)).json() as SyncBody;
    // The people looked up by e-mail a moment ago are not asked for again.
    const lookups = () => gh.fake().calls.filter((c) => c.path.startsWith('/users/')).length;
    expect(lookups()).toBe(0);
    expect(next.changes.map(triple).sort()).toEqual(
      [`change ${api} ${s.bob.email} writer->reader`, `remove ${web} ${s.bob.email} reader->null`].sort(),
    );
    expect(await members(ws, api)).toEqual([`${carol.id}:maintainer`, `${s.bob.id}:reader`].sort());
    expect(await members(ws, web)).toEqual([`${carol.id}:reader`]);
    expect((await syncPermissions(ws)).json()).toMatchObject({ added: 0, changed: 0, removed: 0 });
    // A quarter of an hour on, they are: bob, who no longer shows his e-mail, is then nobody ctxhub knows.
    gh.fake().setUser(`${org}-bob`, { email: null });
    h.clock.advance(15 * 60_000);
    const later = (await syncPermissions(ws, 'true')).json() as SyncBody;
    expect(lookups()).toBe(1);
    expect(later.skipped.unknown_logins).toEqual([`${org}-bob`]);
  });

  it('is for admins, refuses a bad dry_run, and answers 409 without an installation', async () => {
    const ws = await scene.newWorkspace();
    const call = { method: 'POST' as const, url: `/v1/workspaces/${ws}/codehost/sync-permissions` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, s.outsider, call);
    await expectForbiddenFor(h, s.bob, call);
    for (const bad of ['yes', '1', '']) expectError(await syncPermissions(ws, bad), 400, 'validation_failed');
    expectError(await syncPermissions(ws, 'true'), 409, 'conflict');
  });
});

describe('the nightly permission sync', () => {
  it('queues one full sync per connected workspace per day, whoever checks', async () => {
    const { ws } = await scenario();
    const ctx = h.ctxFor(h.admin);
    const queued = await queueDailyPermissionSyncs(ctx);
    expect(queued).toBeGreaterThan(0);
    expect(await queueDailyPermissionSyncs(ctx)).toBe(0);
    const rows = await h.database.db.select().from(jobs).where(eq(jobs.kind, 'codehost.sync_permissions'));
    const wsId = (await h.database.db.select().from(workspaces).where(eq(workspaces.key, ws)))[0]?.id;
    expect(rows.filter((j) => j.workspaceId === wsId).map((j) => j.payload)).toEqual([
      { workspace_id: wsId, trigger: 'schedule' },
    ]);
    h.clock.advance(24 * 3600_000);
    expect(await queueDailyPermissionSyncs(ctx)).toBe(queued);
  });
});

describe('PUT /v1/workspaces/:key/codehost/role-mapping', () => {
  it('changes which role a permission gives; the next sync applies it; it is audited and shown', async () => {
    const { ws, api, carol } = await scenario();
    const url = `/v1/workspaces/${ws}/codehost/role-mapping`;
    const res = await h.request('PUT', url, { as: s.alice, body: { write: 'reader', triage: null } });
    expect(res.statusCode, res.body).toBe(200);
    const mapping = {
      admin: 'maintainer',
      maintain: 'maintainer',
      write: 'reader',
      triage: null,
      read: 'reader',
    };
    expect(res.json()).toEqual(mapping);
    const shown = await h.request('GET', `/v1/workspaces/${ws}/codehost/installation`, { as: s.bob });
    expect(shown.json()).toMatchObject({ role_mapping: mapping });
    const plan = (await syncPermissions(ws, 'true')).json() as SyncBody;
    expect(plan.changes.map(triple).sort()).toEqual(
      [`add ${api} ${s.bob.email} null->reader`, `add ${api} ${carol.email} null->maintainer`].sort(),
    );
    const [entry] = await auditOf(h, ws, 'codehost.role_mapping.updated');
    expect(entry?.target.params).toEqual({ mapping });
  });

  it('is for admins of a connected workspace, and refuses roles and permissions it does not know', async () => {
    const { ws } = await scenario();
    const url = `/v1/workspaces/${ws}/codehost/role-mapping`;
    const call = { method: 'PUT' as const, url, body: { read: 'reader' } };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, s.outsider, call);
    await expectForbiddenFor(h, s.bob, call);
    for (const body of [{ read: 'owner' }, { pull: 'reader' }, { read: 1 }, []]) {
      expectError(await h.request('PUT', url, { as: s.alice, body }), 400, 'validation_failed');
    }
    const bare = await scene.newWorkspace();
    const refused = await h.request('PUT', `/v1/workspaces/${bare}/codehost/role-mapping`, {
      as: s.alice,
      body: {},
    });
    expectError(refused, 409, 'conflict');
  });
});
