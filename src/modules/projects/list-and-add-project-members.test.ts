import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom } from '../../test/security-matrix.ts';
import {
  accessLog,
  expectLatestAccessEntry,
  outsiderWithWorkspace,
  readTwoAtATime,
  type Member,
} from '../workspaces/members.fixtures.ts';
import {
  expectHiddenOutsideProject,
  expectMaintainersOnly,
  postProjectMember,
  projectRoleOf,
  stateOf,
  team,
  type Team,
} from './projects.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

/** A fresh user the server admin adds to the team's workspace (not to its project). */
async function newWorkspaceMember(t: Team): Promise<TestUser> {
  const user = await h.user();
  await h.request('POST', `/v1/workspaces/${t.ws}/members`, {
    as: h.admin,
    body: { user_id: user.id, role: 'member' },
  });
  return user;
}

describe('GET /v1/projects/:key/members', () => {
  it('lists project members to a reader', async () => {
    const t = await team(h);
    const res = await h.request('GET', `/v1/projects/${enc(t.project)}/members`, {
      as: t.reader,
      query: { workspace_key: t.ws },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    const expected = [
      { user_id: t.maintainer.id, email: t.maintainer.email, role: 'maintainer' },
      { user_id: t.writer.id, email: t.writer.email, role: 'writer' },
      { user_id: t.reader.id, email: t.reader.email, role: 'reader' },
    ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(body.items).toEqual(expected.map((m) => ({ ...m, name: null, created_at: expect.any(String) })));
  });

  it('pages with an opaque cursor', async () => {
    const t = await team(h);
    const seen = await readTwoAtATime<Member>(h, t.writer, `/v1/projects/${enc(t.project)}/members`, {
      workspace_key: t.ws,
    });
    expect(seen.map((m) => m.user_id)).toEqual([t.maintainer.id, t.writer.id, t.reader.id].sort());
  });

  it('is hidden from non-members and checks its input', async () => {
    const t = await team(h);
    const call = {
      method: 'GET' as const,
      url: `/v1/projects/${enc(t.project)}/members`,
      query: { workspace_key: t.ws },
    };
    await expectHiddenOutsideProject(h, t, outsider, call);
    await expectHiddenFrom(h, outsider, { ...call, query: { workspace_key: outsiderWs } });
    expectInvalid(await h.request('GET', call.url, { as: t.reader }), 'query.workspace_key');
    expectInvalid(
      await h.request('GET', call.url, { as: t.reader, query: { workspace_key: t.ws, limit: '0' } }),
      'query.limit',
    );
    expectInvalid(
      await h.request('GET', `/v1/projects/noColon/members`, {
        as: t.reader,
        query: { workspace_key: t.ws },
      }),
      'params.key',
    );
  });
});

describe('POST /v1/projects/:key/members', () => {
  it('lets a maintainer add a workspace member and audits access.project_member.added', async () => {
    const t = await team(h);
    const res = await postProjectMember(h, t, t.maintainer, { user_id: t.bystander.id, role: 'writer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user_id: t.bystander.id,
      email: t.bystander.email,
      name: null,
      role: 'writer',
      created_at: expect.any(String),
    });
    expect(await projectRoleOf(h, t.ws, t.project, t.bystander)).toBe('writer');
    await expectLatestAccessEntry(h, {
      action: 'access.project_member.added',
      actor: t.maintainer,
      target: t.bystander,
      oldRole: null,
      newRole: 'WRITER',
      ws: t.ws,
      project: t.project,
    });
    // The new member now reads the project.
    const got = await h.request('GET', `/v1/projects/${enc(t.project)}`, {
      as: t.bystander,
      query: { workspace_key: t.ws },
    });
    expect(got.statusCode).toBe(200);
  });

  it('takes the user by e-mail and workspace_key in the body instead of the query', async () => {
    const t = await team(h);
    const res = await h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
      as: t.maintainer,
      body: { workspace_key: t.ws, email: t.bystander.email.toUpperCase(), role: 'reader' },
    });
    expect(res.statusCode).toBe(201);
    expect(await projectRoleOf(h, t.ws, t.project, t.bystander)).toBe('reader');
    // Both given and equal is fine too.
    const admin2 = await newWorkspaceMember(t);
    const both = await postProjectMember(h, t, t.maintainer, {
      workspace_key: t.ws,
      user_id: admin2.id,
      role: 'reader',
    });
    expect(both.statusCode).toBe(201);
  });

  it('lets a maintainer grant maintainer, and workspace admins act as maintainer', async () => {
    const t = await team(h);
    const other = await newWorkspaceMember(t);
    const byMaintainer = await postProjectMember(h, t, t.maintainer, {
      user_id: t.bystander.id,
      role: 'maintainer',
    });
    expect(byMaintainer.statusCode).toBe(201);
    const byAdmin = await postProjectMember(h, t, t.admin, { user_id: other.id, role: 'maintainer' });
    expect(byAdmin.statusCode).toBe(201);
    const [entry] = await accessLog(h, t.ws);
    expect(entry!.actor.user_id).toBe(t.admin.id);
    expect(entry!.target.params).toMatchObject({ new_role: 'MAINTAINER', project_key: t.project });
  });

  it('answers 409 when the user is not in the workspace or already in the project, 404 when unknown', async () => {
    const t = await team(h);
    const stranger = await h.user();
    const before = await stateOf(h, t);
    for (const body of [
      { user_id: stranger.id, role: 'reader' },
      { user_id: outsider.id, role: 'reader' },
      { user_id: t.writer.id, role: 'reader' },
      { email: t.reader.email, role: 'maintainer' },
    ]) {
      expectError(await postProjectMember(h, t, t.maintainer, body), 409, 'conflict');
    }
    for (const body of [
      { user_id: 'usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ', role: 'reader' },
      { email: `${h.uniq('ghost')}@example.test`, role: 'reader' },
    ]) {
      expectError(await postProjectMember(h, t, t.maintainer, body), 404, 'not_found');
    }
    expect(await stateOf(h, t)).toEqual(before);
  });

  it('needs a maintainer: writers and readers get 403, others 404', async () => {
    const t = await team(h);
    const before = await stateOf(h, t);
    const call = {
      method: 'POST' as const,
      url: `/v1/projects/${enc(t.project)}/members`,
      query: { workspace_key: t.ws },
      body: { user_id: t.bystander.id, role: 'reader' },
    };
    await expectMaintainersOnly(h, t, outsider, call);
    await expectForbiddenFor(h, t.writer, { ...call, body: { user_id: t.writer.id, role: 'maintainer' } });
    await expectHiddenFrom(h, outsider, { ...call, query: { workspace_key: outsiderWs } });
    expect(await stateOf(h, t)).toEqual(before);
  });

  it('rejects bad input with the field path, adding nobody', async () => {
    const t = await team(h);
    const before = await stateOf(h, t);
    const url = `/v1/projects/${enc(t.project)}/members`;
    const otherWs = await h.workspace([[t.maintainer, 'admin']]);
    const cases: Array<[Record<string, string> | undefined, unknown, string]> = [
      [undefined, { user_id: t.bystander.id, role: 'reader' }, 'query.workspace_key'],
      [
        { workspace_key: t.ws },
        { workspace_key: otherWs, user_id: t.bystander.id, role: 'reader' },
        'body.workspace_key',
      ],
      [
        { workspace_key: otherWs },
        { workspace_key: t.ws, user_id: t.bystander.id, role: 'reader' },
        'body.workspace_key',
      ],
      [{ workspace_key: 'Bad Key' }, { user_id: t.bystander.id, role: 'reader' }, 'query.workspace_key'],
      [undefined, { workspace_key: 42, user_id: t.bystander.id, role: 'reader' }, 'body.workspace_key'],
      [{ workspace_key: t.ws }, { role: 'reader' }, 'body.user_id'],
      [
        { workspace_key: t.ws },
        { user_id: t.bystander.id, email: t.bystander.email, role: 'reader' },
        'body.user_id',
      ],
      [{ workspace_key: t.ws }, { user_id: t.bystander.id }, 'body.role'],
      [{ workspace_key: t.ws }, { user_id: t.bystander.id, role: 'owner' }, 'body.role'],
      [{ workspace_key: t.ws }, { user_id: t.bystander.id, role: 'WRITER' }, 'body.role'],
      [{ workspace_key: t.ws }, { user_id: 'someone', role: 'reader' }, 'body.user_id'],
      [{ workspace_key: t.ws }, { email: 'nope', role: 'reader' }, 'body.email'],
      [{ workspace_key: t.ws }, { user_id: t.bystander.id, role: 'reader', project_key: t.project }, 'body'],
      [{ workspace_key: t.ws, role: 'reader' }, { user_id: t.bystander.id, role: 'reader' }, 'query'],
    ];
    for (const s of HOSTILE_STRINGS) {
      cases.push([{ workspace_key: t.ws }, { user_id: s, role: 'reader' }, 'body.user_id']);
      cases.push([{ workspace_key: t.ws }, { email: s, role: 'reader' }, 'body.email']);
      cases.push([{ workspace_key: t.ws }, { user_id: t.bystander.id, role: s }, 'body.role']);
      cases.push([
        undefined,
        { workspace_key: s, user_id: t.bystander.id, role: 'reader' },
        'body.workspace_key',
      ]);
    }
    for (const [query, body, path] of cases) {
      const res = await h.request('POST', url, { as: t.maintainer, ...(query ? { query } : {}), body });
      expectInvalid(res, path);
    }
    const huge = await h.request('POST', url, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
      body: JSON.stringify({
        user_id: t.bystander.id,
        role: 'reader',
        pad: 'x'.repeat(h.config.bodyLimitBytes),
      }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
    expect(await stateOf(h, t)).toEqual(before);
  });
});
