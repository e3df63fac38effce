import { beforeEach, describe, expect, it } from 'vitest';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { accessRead } from './access-cache.ts';
import type { WorkspaceRow } from '../tenancy/index.ts';

/**
 * Reads reuse what the access checks and key lookups read (ADR 0017). Every change of a role, a
 * membership, a workspace's settings or its mappings, and every key reset, shows in the very next
 * request: each test reads first (so the reader's access is held), changes through the API, then
 * reads again.
 */
const h = useHarness();
let admin: TestUser;
let member: TestUser;
let ws: string;
let project: string;

beforeEach(async () => {
  admin = await h.user();
  member = await h.user();
  ws = await h.workspace([
    [admin, 'admin'],
    [member, 'member'],
  ]);
  project = await h.project(ws, [[member, 'reader']]);
});

const get = (as: TestUser, url: string) => h.request('GET', url, { as });
const projectUrl = () => `/v1/projects/${enc(project)}?workspace_key=${ws}`;
const memoriesUrl = () => `/v1/memories?workspace_key=${ws}&project_key=${enc(project)}`;
const projectRole = async (as: TestUser) => (await get(as, projectUrl())).json().role as string;

describe('the access cache', () => {
  it('a removed workspace member loses the workspace and its projects at once', async () => {
    expect((await get(member, `/v1/workspaces/${ws}`)).statusCode).toBe(200);
    expect((await get(member, memoriesUrl())).statusCode).toBe(200);
    const removed = await h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: admin });
    expect(removed.statusCode).toBe(204);
    expect((await get(member, `/v1/workspaces/${ws}`)).statusCode).toBe(404);
    expect((await get(member, memoriesUrl())).statusCode).toBe(404);
    expect((await get(member, projectUrl())).statusCode).toBe(404);
  });

  it('a workspace role taken away or given applies to the next read', async () => {
    const auditUrl = `/v1/audit-logs?workspace_key=${ws}`;
    expect((await get(admin, auditUrl)).statusCode).toBe(200);
    expect((await get(member, auditUrl)).statusCode).toBe(403);
    const demote = await h.request('PATCH', `/v1/workspaces/${ws}/members/${admin.id}`, {
      as: h.admin,
      body: { role: 'member' },
    });
    expect(demote.statusCode).toBe(200);
    const promote = await h.request('PATCH', `/v1/workspaces/${ws}/members/${member.id}`, {
      as: h.admin,
      body: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(200);
    expect((await get(admin, auditUrl)).statusCode).toBe(403);
    expect((await get(member, auditUrl)).statusCode).toBe(200);
  });

  it('workspace and project memberships added, changed and removed apply to the next read', async () => {
    const newcomer = await h.user();
    expect((await get(newcomer, `/v1/workspaces/${ws}`)).statusCode).toBe(404);
    const joined = await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: admin,
      body: { user_id: newcomer.id, role: 'member' },
    });
    expect(joined.statusCode).toBe(201);
    expect((await get(newcomer, `/v1/workspaces/${ws}`)).statusCode).toBe(200);
    expect((await get(newcomer, projectUrl())).statusCode).toBe(404);
    const added = await h.request('POST', `/v1/projects/${enc(project)}/members?workspace_key=${ws}`, {
      as: admin,
      body: { user_id: newcomer.id, role: 'reader' },
    });
    expect(added.statusCode).toBe(201);
    expect(await projectRole(newcomer)).toBe('reader');
    const changed = await h.request('PATCH', `/v1/projects/${enc(project)}/members/${newcomer.id}`, {
      as: admin,
      body: { workspace_key: ws, role: 'writer' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await projectRole(newcomer)).toBe('writer');
    const removed = await h.request(
      'DELETE',
      `/v1/projects/${enc(project)}/members/${newcomer.id}?workspace_key=${ws}`,
      { as: admin },
    );
    expect(removed.statusCode).toBe(204);
    expect((await get(newcomer, projectUrl())).statusCode).toBe(404);
  });

  it('a project created after a read that did not find it is found by the next one', async () => {
    const key = `codehost:acme/${h.uniq('later')}`;
    const url = `/v1/projects/${enc(key)}?workspace_key=${ws}`;
    expect((await get(admin, url)).statusCode).toBe(404);
    const created = await h.request('POST', `/v1/workspaces/${ws}/projects`, { as: admin, body: { key } });
    expect(created.statusCode).toBe(201);
    expect((await get(admin, url)).statusCode).toBe(200);
  });

  it("a workspace's settings, once changed, are what the next read answers", async () => {
    expect((await get(member, `/v1/workspaces/${ws}`)).json().name).toBe(ws);
    const renamed = await h.request('PATCH', `/v1/workspaces/${ws}`, {
      as: admin,
      body: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(member, `/v1/workspaces/${ws}`)).json().name).toBe('Renamed');
  });

  it("a workspace's project mappings, once changed, are what the next read answers", async () => {
    expect((await get(member, `/v1/workspaces/${ws}/project-mappings`)).json().items).toEqual([]);
    const mapped = await h.request('POST', `/v1/workspaces/${ws}/project-mappings`, {
      as: admin,
      body: { kind: 'codehost_remote', external_id: 'github.com/acme/cached', project_key: project },
    });
    expect(mapped.statusCode).toBe(201);
    const mappings = (await get(member, `/v1/workspaces/${ws}/project-mappings`)).json().items;
    expect(mappings).toEqual([expect.objectContaining({ project_key: project })]);
  });

  it('a key reset is refused by the next request that presents it', async () => {
    expect((await get(member, '/v1/me')).statusCode).toBe(200);
    const reset = await h.request('POST', `/v1/users/${member.id}/api-keys/reset`, { as: h.admin });
    expect(reset.statusCode).toBe(200);
    expect((await get(member, '/v1/me')).statusCode).toBe(401);
  });

  it("a write checks the caller's role in the database, whatever a read kept", async () => {
    expect((await get(admin, `/v1/workspaces/${ws}`)).json().role).toBe('admin');
    await h.request('PATCH', `/v1/workspaces/${ws}/members/${admin.id}`, {
      as: h.admin,
      body: { role: 'member' },
    });
    const refused = await h.request('PATCH', `/v1/workspaces/${ws}`, { as: admin, body: { name: 'Nope' } });
    expect(refused.statusCode).toBe(403);
    expect((await get(admin, `/v1/workspaces/${ws}`)).json()).toMatchObject({ role: 'member', name: ws });
  });

  it('a read that raced a change leaves nothing for later reads, not even its workspace row', async () => {
    const ctx = h.ctxFor(admin);
    const row = (name: string) => ({ id: 'raced-workspace', name }) as unknown as WorkspaceRow;
    const raced = accessRead<{ workspace: WorkspaceRow }>(ctx, 'raced read');
    await accessChanged(ctx);
    raced?.keep({ workspace: row('before the change') });
    expect(accessRead(ctx, 'raced read')?.cached).toBeUndefined();
    accessRead<{ workspace: WorkspaceRow }>(ctx, 'later read')?.keep({ workspace: row('after the change') });
    const later = accessRead<{ workspace: WorkspaceRow }>(ctx, 'later read');
    expect(later?.cached?.workspace.name).toBe('after the change');
  });
});
