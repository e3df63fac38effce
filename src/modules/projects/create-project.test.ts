import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { accessLog, outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { projectMembersOf, readProject, team } from './projects.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

/** The projects of a workspace as the server admin sees them. */
async function projectKeysOf(ws: string): Promise<string[]> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/projects`, {
    as: h.admin,
    query: { limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items.map((p: { key: string }) => p.key);
}

describe('POST /v1/workspaces/:key/projects', () => {
  it('lets a workspace admin create a project, named after its repository by default', async () => {
    const t = await team(h);
    const key = `codehost:acme/${h.uniq('api')}`;
    const res = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, { as: t.admin, body: { key } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      key,
      name: key.split('/')[1],
      workspace_key: t.ws,
      role: 'maintainer',
      created_at: expect.any(String),
    });
    expect(await readProject(h, t.ws, key)).toMatchObject({
      key,
      name: key.split('/')[1],
      workspace_key: t.ws,
    });
    // The admin acts as maintainer without becoming a project member.
    expect(await projectMembersOf(h, t.ws, key)).toEqual([]);
  });

  it('takes a name, a monorepo sub-path and a deeper owner path', async () => {
    const t = await team(h);
    const sub = `codehost:acme/${h.uniq('web')}#apps/site`;
    const named = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
      as: t.admin,
      body: { key: sub, name: 'Marketing site' },
    });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ key: sub, name: 'Marketing site' });
    const deep = `gitlab:group/subgroup/${h.uniq('repo')}`;
    const res = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
      as: h.admin,
      body: { key: deep },
    });
    expect(res.statusCode).toBe(201);
    expect(await readProject(h, t.ws, sub)).toMatchObject({ key: sub, name: 'Marketing site' });
    expect(await readProject(h, t.ws, deep)).toMatchObject({ key: deep });
  });

  it('answers 409 for an existing key, leaving the project untouched', async () => {
    const t = await team(h);
    const before = await readProject(h, t.ws, t.project);
    const membersBefore = await projectMembersOf(h, t.ws, t.project);
    const res = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
      as: t.admin,
      body: { key: t.project, name: 'Takeover' },
    });
    expectError(res, 409, 'conflict');
    expect(await readProject(h, t.ws, t.project)).toEqual(before);
    expect(await projectMembersOf(h, t.ws, t.project)).toEqual(membersBefore);
  });

  it('allows the same key in another workspace', async () => {
    const t = await team(h);
    const res = await h.request('POST', `/v1/workspaces/${outsiderWs}/projects`, {
      as: outsider,
      body: { key: t.project },
    });
    expect(res.statusCode).toBe(201);
    expect(await readProject(h, t.ws, t.project)).not.toBeNull();
    expect(await projectMembersOf(h, t.ws, t.project)).toHaveLength(3);
  });

  it('forbids plain members unless auto_create_project is on', async () => {
    const t = await team(h);
    const key = `codehost:acme/${h.uniq('nope')}`;
    const call = { method: 'POST' as const, url: `/v1/workspaces/${t.ws}/projects`, body: { key } };
    await expectForbiddenFor(h, t.bystander, call);
    await expectForbiddenFor(h, t.maintainer, call);
    expect(await projectKeysOf(t.ws)).toEqual([t.project]);
  });

  it('lets a member create a project where auto_create_project is on, as its maintainer', async () => {
    const member = await h.user();
    const ws = await h.workspace([[member, 'member']], { auto_create_project: true });
    const key = `codehost:acme/${h.uniq('auto')}#svc/a`;
    const res = await h.request('POST', `/v1/workspaces/${ws}/projects`, { as: member, body: { key } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ key, workspace_key: ws, role: 'maintainer' });
    expect((await projectMembersOf(h, ws, key)).map((m) => [m.user_id, m.role])).toEqual([
      [member.id, 'maintainer'],
    ]);
    const got = await h.request('GET', `/v1/projects/${enc(key)}`, {
      as: member,
      query: { workspace_key: ws },
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().role).toBe('maintainer');
    const [entry] = await accessLog(h, ws);
    expect(entry!.action).toBe('access.project_member.added');
    expect(entry!.target.params).toMatchObject({
      target_user_id: member.id,
      old_role: null,
      new_role: 'MAINTAINER',
      workspace_key: ws,
      project_key: key,
    });
    // Still a conflict, never a takeover, for an existing key.
    expectError(
      await h.request('POST', `/v1/workspaces/${ws}/projects`, { as: member, body: { key } }),
      409,
      'conflict',
    );
  });

  it('is hidden from non-members and needs a key', async () => {
    const t = await team(h);
    const call = {
      method: 'POST' as const,
      url: `/v1/workspaces/${t.ws}/projects`,
      body: { key: `codehost:acme/${h.uniq('x')}` },
    };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, t.admin, { ...call, url: `/v1/workspaces/${h.uniq('nope')}/projects` });
    expect(await projectKeysOf(t.ws)).toEqual([t.project]);
  });

  it('rejects bad keys and bad input with the field path, creating nothing', async () => {
    const t = await team(h);
    const cases: Array<[unknown, string]> = [
      [{}, 'body.key'],
      [{ key: 42 }, 'body.key'],
      [{ key: '' }, 'body.key'],
      [{ key: 'noColon' }, 'body.key'],
      [{ key: 'codehost:acme' }, 'body.key'],
      [{ key: 'codehost:acme/' }, 'body.key'],
      [{ key: 'codehost:acme/../x' }, 'body.key'],
      [{ key: 'codehost:../acme/x' }, 'body.key'],
      [{ key: 'codehost:acme/./x' }, 'body.key'],
      [{ key: 'codehost:acme/repo#../up' }, 'body.key'],
      [{ key: 'codehost:acme/repo#' }, 'body.key'],
      [{ key: 'codehost:acme/repo#a//b' }, 'body.key'],
      [{ key: 'codehost:acme//repo' }, 'body.key'],
      [{ key: 'codehost:acme/re po' }, 'body.key'],
      [{ key: 'Codehost:acme/repo' }, 'body.key'],
      [{ key: ':acme/repo' }, 'body.key'],
      [{ key: 'codehost:acme/repo/' }, 'body.key'],
      [{ key: `codehost:acme/${'r'.repeat(300)}` }, 'body.key'],
      [{ key: 'codehost:acme/repo', name: '' }, 'body.name'],
      [{ key: 'codehost:acme/repo', name: '  ' }, 'body.name'],
      [{ key: 'codehost:acme/repo', name: 'x'.repeat(201) }, 'body.name'],
      [{ key: 'codehost:acme/repo', name: 3 }, 'body.name'],
      [{ key: 'codehost:acme/repo', workspace_key: t.ws }, 'body'],
      [{ key: 'codehost:acme/repo', owner: 'me' }, 'body'],
      [['codehost:acme/repo'], 'body'],
    ];
    for (const s of HOSTILE_STRINGS) cases.push([{ key: s }, 'body.key']);
    for (const s of HOSTILE_STRINGS.filter((v) => v.length > 200 || unstorable(v))) {
      cases.push([{ key: 'codehost:acme/hostile', name: s }, 'body.name']);
    }
    for (const [body, path] of cases) {
      expectInvalid(await h.request('POST', `/v1/workspaces/${t.ws}/projects`, { as: t.admin, body }), path);
    }
    expectInvalid(
      await h.request('POST', '/v1/workspaces/NotValid/projects', {
        as: t.admin,
        body: { key: 'codehost:acme/repo' },
      }),
      'params.key',
    );
    const huge = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
      as: t.admin,
      body: JSON.stringify({ key: 'codehost:acme/huge', name: 'x'.repeat(h.config.bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
    expect(await projectKeysOf(t.ws)).toEqual([t.project]);
  });

  it('stores hostile names verbatim', async () => {
    const t = await team(h);
    for (const name of HOSTILE_STRINGS.filter((v) => v.length <= 200 && !unstorable(v))) {
      const key = `codehost:acme/${h.uniq('hostile')}`;
      const res = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
        as: t.admin,
        body: { key, name },
      });
      expect(res.statusCode).toBe(201);
      expect((await readProject(h, t.ws, key))!.name).toBe(name);
    }
  });
});
