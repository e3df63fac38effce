import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, Harness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';

let h: Harness;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  h = await Harness.start();
  outsider = await h.user({ name: 'Olga' });
  outsiderWs = await h.workspace([[outsider, 'owner']]);
});
afterAll(() => h.close());

/** Text the server refuses to store (NUL, unpaired UTF-16 surrogates): always a 400 naming the field. */
const unstorable = (s: string) =>
  s.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

interface Member {
  user_id: string;
  email: string;
  name: string | null;
  role: string;
  created_at: string;
}

interface AuditEntry {
  action: string;
  target: { type: string; id: string | null; params: Record<string, unknown> };
  actor: { user_id: string | null; system: string | null };
}

/** A workspace with an admin, a project with a maintainer, a writer and a reader, and a bystander. */
interface Team {
  ws: string;
  project: string;
  admin: TestUser; // workspace admin, not a project member
  maintainer: TestUser;
  writer: TestUser;
  reader: TestUser;
  bystander: TestUser; // workspace member, not in the project
}

async function team(projectKey?: string): Promise<Team> {
  const [admin, maintainer, writer, reader, bystander] = await Promise.all([
    h.user(),
    h.user(),
    h.user(),
    h.user(),
    h.user(),
  ]);
  const ws = await h.workspace([
    [admin!, 'admin'],
    [maintainer!, 'member'],
    [writer!, 'member'],
    [reader!, 'member'],
    [bystander!, 'member'],
  ]);
  const project = await h.project(
    ws,
    [
      [maintainer!, 'maintainer'],
      [writer!, 'writer'],
      [reader!, 'reader'],
    ],
    projectKey,
  );
  return {
    ws,
    project,
    admin: admin!,
    maintainer: maintainer!,
    writer: writer!,
    reader: reader!,
    bystander: bystander!,
  };
}

async function accessLog(ws: string): Promise<AuditEntry[]> {
  const res = await h.request('GET', '/v1/audit-logs', {
    as: h.admin,
    query: { workspace_key: ws, action_prefix: 'access.', limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as AuditEntry[];
}

/** The projects of a workspace as the server admin sees them. */
async function projectKeysOf(ws: string): Promise<string[]> {
  const res = await h.request('GET', `/v1/workspaces/${ws}/projects`, {
    as: h.admin,
    query: { limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items.map((p: { key: string }) => p.key);
}

async function readProject(ws: string, key: string): Promise<Record<string, unknown> | null> {
  const res = await h.request('GET', `/v1/projects/${enc(key)}`, {
    as: h.admin,
    query: { workspace_key: ws },
  });
  if (res.statusCode === 404) return null;
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function projectMembers(ws: string, key: string): Promise<Member[]> {
  const res = await h.request('GET', `/v1/projects/${enc(key)}/members`, {
    as: h.admin,
    query: { workspace_key: ws, limit: '200' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as Member[];
}

const roleIn = async (ws: string, key: string, user: TestUser) =>
  (await projectMembers(ws, key)).find((m) => m.user_id === user.id)?.role ?? null;

/** Everything a project membership request could change. */
const stateOf = async (t: Team) => ({
  members: await projectMembers(t.ws, t.project),
  log: await accessLog(t.ws),
});

describe('POST /v1/workspaces/:key/projects', () => {
  it('lets a workspace admin create a project, named after its repository by default', async () => {
    const t = await team();
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
    expect(await readProject(t.ws, key)).toMatchObject({ key, name: key.split('/')[1], workspace_key: t.ws });
    // The admin acts as maintainer without becoming a project member.
    expect(await projectMembers(t.ws, key)).toEqual([]);
  });

  it('takes a name, a monorepo sub-path and a deeper owner path', async () => {
    const t = await team();
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
    expect(await readProject(t.ws, sub)).toMatchObject({ key: sub, name: 'Marketing site' });
    expect(await readProject(t.ws, deep)).toMatchObject({ key: deep });
  });

  it('answers 409 for an existing key, leaving the project untouched', async () => {
    const t = await team();
    const before = await readProject(t.ws, t.project);
    const membersBefore = await projectMembers(t.ws, t.project);
    const res = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
      as: t.admin,
      body: { key: t.project, name: 'Takeover' },
    });
    expectError(res, 409, 'conflict');
    expect(await readProject(t.ws, t.project)).toEqual(before);
    expect(await projectMembers(t.ws, t.project)).toEqual(membersBefore);
  });

  it('allows the same key in another workspace', async () => {
    const t = await team();
    const res = await h.request('POST', `/v1/workspaces/${outsiderWs}/projects`, {
      as: outsider,
      body: { key: t.project },
    });
    expect(res.statusCode).toBe(201);
    expect(await readProject(t.ws, t.project)).not.toBeNull();
    expect(await projectMembers(t.ws, t.project)).toHaveLength(3);
  });

  it('forbids plain members unless auto_create_project is on', async () => {
    const t = await team();
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
    expect((await projectMembers(ws, key)).map((m) => [m.user_id, m.role])).toEqual([
      [member.id, 'maintainer'],
    ]);
    const got = await h.request('GET', `/v1/projects/${enc(key)}`, {
      as: member,
      query: { workspace_key: ws },
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().role).toBe('maintainer');
    const [entry] = await accessLog(ws);
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
    const t = await team();
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
    const t = await team();
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
    const t = await team();
    for (const name of HOSTILE_STRINGS.filter((v) => v.length <= 200 && !unstorable(v))) {
      const key = `codehost:acme/${h.uniq('hostile')}`;
      const res = await h.request('POST', `/v1/workspaces/${t.ws}/projects`, {
        as: t.admin,
        body: { key, name },
      });
      expect(res.statusCode).toBe(201);
      expect((await readProject(t.ws, key))!.name).toBe(name);
    }
  });
});

describe('GET /v1/workspaces/:key/projects', () => {
  it('shows admins every project and members only their own, with their role', async () => {
    const t = await team();
    const second = await h.project(t.ws, [[t.reader, 'writer']]);
    const third = await h.project(t.ws);
    const asAdmin = await h.request('GET', `/v1/workspaces/${t.ws}/projects`, { as: t.admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().next_cursor).toBeNull();
    expect(asAdmin.json().items.map((p: { key: string; role: string }) => [p.key, p.role])).toEqual([
      [third, 'maintainer'],
      [second, 'maintainer'],
      [t.project, 'maintainer'],
    ]);
    const asReader = await h.request('GET', `/v1/workspaces/${t.ws}/projects`, { as: t.reader });
    expect(asReader.json().items.map((p: { key: string; role: string }) => [p.key, p.role])).toEqual([
      [second, 'writer'],
      [t.project, 'reader'],
    ]);
    expect(asReader.json().items[0]).toEqual({
      key: second,
      name: expect.any(String),
      workspace_key: t.ws,
      role: 'writer',
      created_at: expect.any(String),
    });
    const asBystander = await h.request('GET', `/v1/workspaces/${t.ws}/projects`, { as: t.bystander });
    expect(asBystander.json()).toEqual({ items: [], next_cursor: null });
  });

  it('pages with an opaque cursor, newest first', async () => {
    const t = await team();
    const created = [t.project];
    for (let i = 0; i < 4; i++) created.push(await h.project(t.ws, [[t.reader, 'reader']]));
    for (const as of [t.admin, t.reader]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
        const res = await h.request('GET', `/v1/workspaces/${t.ws}/projects`, { as, query });
        expect(res.statusCode).toBe(200);
        expect(res.json().items.length).toBeLessThanOrEqual(2);
        seen.push(...res.json().items.map((p: { key: string }) => p.key));
        cursor = res.json().next_cursor;
      } while (cursor);
      expect(seen).toEqual([...created].reverse());
    }
    for (const [query, path] of [
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '500' }, 'query.limit'],
      [{ cursor: 'nope' }, 'query.cursor'],
      [{ workspace_key: t.ws }, 'query'],
    ] as Array<[Record<string, string>, string]>) {
      expectInvalid(await h.request('GET', `/v1/workspaces/${t.ws}/projects`, { as: t.admin, query }), path);
    }
  });

  it('is hidden from non-members and needs a key', async () => {
    const t = await team();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${t.ws}/projects` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
  });
});

describe('GET /v1/projects/:key', () => {
  it('answers a project reader, with the key percent-encoded in the path', async () => {
    const t = await team();
    const res = await h.request('GET', `/v1/projects/${enc(t.project)}`, {
      as: t.reader,
      query: { workspace_key: t.ws },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: t.project,
      name: t.project.split('/')[1],
      workspace_key: t.ws,
      role: 'reader',
      created_at: expect.any(String),
    });
    expect(enc(t.project)).toMatch(/^codehost%3Aacme%2F/);
    for (const [user, role] of [
      [t.writer, 'writer'],
      [t.maintainer, 'maintainer'],
      [t.admin, 'maintainer'],
      [h.admin, 'maintainer'],
    ] as Array<[TestUser, string]>) {
      const r = await h.request('GET', `/v1/projects/${enc(t.project)}`, {
        as: user,
        query: { workspace_key: t.ws },
      });
      expect(r.json().role).toBe(role);
    }
  });

  it('answers a project whose key has a #subpath', async () => {
    const reader = await h.user();
    const ws = await h.workspace([[reader, 'member']]);
    const key = `codehost:acme/${h.uniq('mono')}#apps/web`;
    const sibling = key.replace('#apps/web', '#apps/api');
    await h.project(ws, [[reader, 'reader']], key);
    await h.project(ws, [], sibling);
    const url = `/v1/projects/${enc(key)}`;
    expect(url).toContain('%23apps%2Fweb');
    const res = await h.request('GET', url, { as: reader, query: { workspace_key: ws } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key, name: key.slice(key.indexOf('/') + 1), role: 'reader' });
    // The sibling sub-project is another project the reader is not in.
    await expectHiddenFrom(h, reader, {
      method: 'GET',
      url: `/v1/projects/${enc(sibling)}`,
      query: { workspace_key: ws },
    });
  });

  it('hides the project from non-members of the project, of the workspace, and in other workspaces', async () => {
    const t = await team();
    const call = {
      method: 'GET' as const,
      url: `/v1/projects/${enc(t.project)}`,
      query: { workspace_key: t.ws },
    };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, t.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    // The project does not exist in the outsider's own workspace.
    await expectHiddenFrom(h, outsider, { ...call, query: { workspace_key: outsiderWs } });
    // A reader asking with another workspace of theirs does not find it there.
    const otherWs = await h.workspace([[t.reader, 'member']]);
    await expectHiddenFrom(h, t.reader, { ...call, query: { workspace_key: otherWs } });
    await expectHiddenFrom(h, t.admin, {
      ...call,
      url: `/v1/projects/${enc(`codehost:acme/${h.uniq('ghost')}`)}`,
    });
  });

  it('rejects a bad key or workspace_key with the path', async () => {
    const t = await team();
    const url = `/v1/projects/${enc(t.project)}`;
    expectInvalid(await h.request('GET', url, { as: t.admin }), 'query.workspace_key');
    expectInvalid(
      await h.request('GET', url, { as: t.admin, query: { workspace_key: 'Bad' } }),
      'query.workspace_key',
    );
    expectInvalid(
      await h.request('GET', url, { as: t.admin, query: { workspace_key: t.ws, extra: '1' } }),
      'query',
    );
    for (const bad of [
      'noColon',
      'codehost:acme',
      'codehost:acme/../x',
      'codehost:acme/repo#../up',
      'codehost:acme//repo',
    ]) {
      expectInvalid(
        await h.request('GET', `/v1/projects/${enc(bad)}`, { as: t.admin, query: { workspace_key: t.ws } }),
        'params.key',
      );
    }
  });
});

describe('GET /v1/projects/:key/members', () => {
  it('lists project members to a reader', async () => {
    const t = await team();
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
    const t = await team();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = {
        workspace_key: t.ws,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      };
      const res = await h.request('GET', `/v1/projects/${enc(t.project)}/members`, { as: t.writer, query });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((m: Member) => m.user_id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual([t.maintainer.id, t.writer.id, t.reader.id].sort());
  });

  it('is hidden from non-members and checks its input', async () => {
    const t = await team();
    const call = {
      method: 'GET' as const,
      url: `/v1/projects/${enc(t.project)}/members`,
      query: { workspace_key: t.ws },
    };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, t.bystander, call);
    await expectHiddenFrom(h, outsider, call);
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
    const t = await team();
    const res = await h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
      body: { user_id: t.bystander.id, role: 'writer' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user_id: t.bystander.id,
      email: t.bystander.email,
      name: null,
      role: 'writer',
      created_at: expect.any(String),
    });
    expect(await roleIn(t.ws, t.project, t.bystander)).toBe('writer');
    const [entry] = await accessLog(t.ws);
    expect(entry!.action).toBe('access.project_member.added');
    expect(entry!.actor.user_id).toBe(t.maintainer.id);
    expect(entry!.target.params).toEqual({
      source: 'manual',
      target_user_id: t.bystander.id,
      old_role: null,
      new_role: 'WRITER',
      workspace_key: t.ws,
      project_key: t.project,
    });
    // The new member now reads the project.
    const got = await h.request('GET', `/v1/projects/${enc(t.project)}`, {
      as: t.bystander,
      query: { workspace_key: t.ws },
    });
    expect(got.statusCode).toBe(200);
  });

  it('takes the user by e-mail and workspace_key in the body instead of the query', async () => {
    const t = await team();
    const res = await h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
      as: t.maintainer,
      body: { workspace_key: t.ws, email: t.bystander.email.toUpperCase(), role: 'reader' },
    });
    expect(res.statusCode).toBe(201);
    expect(await roleIn(t.ws, t.project, t.bystander)).toBe('reader');
    // Both given and equal is fine too.
    const admin2 = await h.user();
    await h.request('POST', `/v1/workspaces/${t.ws}/members`, {
      as: h.admin,
      body: { user_id: admin2.id, role: 'member' },
    });
    const both = await h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
      body: { workspace_key: t.ws, user_id: admin2.id, role: 'reader' },
    });
    expect(both.statusCode).toBe(201);
  });

  it('lets a maintainer grant maintainer, and workspace admins act as maintainer', async () => {
    const t = await team();
    const other = await h.user();
    await h.request('POST', `/v1/workspaces/${t.ws}/members`, {
      as: h.admin,
      body: { user_id: other.id, role: 'member' },
    });
    const byMaintainer = await h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
      body: { user_id: t.bystander.id, role: 'maintainer' },
    });
    expect(byMaintainer.statusCode).toBe(201);
    const byAdmin = await h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
      as: t.admin,
      query: { workspace_key: t.ws },
      body: { user_id: other.id, role: 'maintainer' },
    });
    expect(byAdmin.statusCode).toBe(201);
    const [entry] = await accessLog(t.ws);
    expect(entry!.actor.user_id).toBe(t.admin.id);
    expect(entry!.target.params).toMatchObject({ new_role: 'MAINTAINER', project_key: t.project });
  });

  it('answers 409 when the user is not in the workspace or already in the project, 404 when unknown', async () => {
    const t = await team();
    const stranger = await h.user();
    const before = await stateOf(t);
    const url = `/v1/projects/${enc(t.project)}/members`;
    for (const body of [
      { user_id: stranger.id, role: 'reader' },
      { user_id: outsider.id, role: 'reader' },
      { user_id: t.writer.id, role: 'reader' },
      { email: t.reader.email, role: 'maintainer' },
    ]) {
      expectError(
        await h.request('POST', url, { as: t.maintainer, query: { workspace_key: t.ws }, body }),
        409,
        'conflict',
      );
    }
    for (const body of [
      { user_id: 'usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ', role: 'reader' },
      { email: `${h.uniq('ghost')}@example.test`, role: 'reader' },
    ]) {
      expectError(
        await h.request('POST', url, { as: t.maintainer, query: { workspace_key: t.ws }, body }),
        404,
        'not_found',
      );
    }
    expect(await stateOf(t)).toEqual(before);
  });

  it('needs a maintainer: writers and readers get 403, others 404', async () => {
    const t = await team();
    const before = await stateOf(t);
    const call = {
      method: 'POST' as const,
      url: `/v1/projects/${enc(t.project)}/members`,
      query: { workspace_key: t.ws },
      body: { user_id: t.bystander.id, role: 'reader' },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, t.writer, call);
    await expectForbiddenFor(h, t.reader, call);
    await expectForbiddenFor(h, t.writer, { ...call, body: { user_id: t.writer.id, role: 'maintainer' } });
    await expectHiddenFrom(h, t.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, outsider, { ...call, query: { workspace_key: outsiderWs } });
    expect(await stateOf(t)).toEqual(before);
  });

  it('rejects bad input with the field path, adding nobody', async () => {
    const t = await team();
    const before = await stateOf(t);
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
    expect(await stateOf(t)).toEqual(before);
  });
});

describe('PATCH /v1/projects/:key/members/:userId', () => {
  it('lets a maintainer change a role and audits access.project_member.role_changed', async () => {
    const t = await team();
    const res = await h.request('PATCH', `/v1/projects/${enc(t.project)}/members/${t.writer.id}`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
      body: { role: 'reader' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: t.writer.id, email: t.writer.email, role: 'reader' });
    expect(await roleIn(t.ws, t.project, t.writer)).toBe('reader');
    const [entry] = await accessLog(t.ws);
    expect(entry!.action).toBe('access.project_member.role_changed');
    expect(entry!.actor.user_id).toBe(t.maintainer.id);
    expect(entry!.target.params).toEqual({
      source: 'manual',
      target_user_id: t.writer.id,
      old_role: 'WRITER',
      new_role: 'READER',
      workspace_key: t.ws,
      project_key: t.project,
    });
  });

  it('takes workspace_key in the body, promotes to maintainer, and writes nothing for a no-op', async () => {
    const t = await team();
    const url = `/v1/projects/${enc(t.project)}/members/${t.reader.id}`;
    const res = await h.request('PATCH', url, {
      as: t.maintainer,
      body: { workspace_key: t.ws, role: 'maintainer' },
    });
    expect(res.statusCode).toBe(200);
    expect((await accessLog(t.ws))[0]!.target.params).toMatchObject({
      old_role: 'READER',
      new_role: 'MAINTAINER',
    });
    // A maintainer may demote another maintainer; a workspace admin acts as maintainer.
    const down = await h.request('PATCH', `/v1/projects/${enc(t.project)}/members/${t.maintainer.id}`, {
      as: t.admin,
      query: { workspace_key: t.ws },
      body: { role: 'writer' },
    });
    expect(down.statusCode).toBe(200);
    const before = await stateOf(t);
    const same = await h.request('PATCH', url, {
      as: t.admin,
      query: { workspace_key: t.ws },
      body: { role: 'maintainer' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().role).toBe('maintainer');
    expect(await stateOf(t)).toEqual(before);
  });

  it('needs a maintainer: writers and readers get 403, others 404; unknown members 404', async () => {
    const t = await team();
    const before = await stateOf(t);
    const call = {
      method: 'PATCH' as const,
      url: `/v1/projects/${enc(t.project)}/members/${t.reader.id}`,
      query: { workspace_key: t.ws },
      body: { role: 'writer' },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, t.writer, call);
    await expectForbiddenFor(h, t.reader, call);
    await expectForbiddenFor(h, t.writer, {
      ...call,
      url: `/v1/projects/${enc(t.project)}/members/${t.writer.id}`,
      body: { role: 'maintainer' },
    });
    await expectHiddenFrom(h, t.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, t.maintainer, {
      ...call,
      url: `/v1/projects/${enc(t.project)}/members/${t.bystander.id}`,
    });
    expect(await stateOf(t)).toEqual(before);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const t = await team();
    const before = await stateOf(t);
    const url = `/v1/projects/${enc(t.project)}/members/${t.writer.id}`;
    const otherWs = await h.workspace([[t.maintainer, 'admin']]);
    const cases: Array<[Record<string, string> | undefined, unknown, string]> = [
      [undefined, { role: 'reader' }, 'query.workspace_key'],
      [{ workspace_key: t.ws }, { workspace_key: otherWs, role: 'reader' }, 'body.workspace_key'],
      [{ workspace_key: t.ws }, {}, 'body.role'],
      [{ workspace_key: t.ws }, { role: 'admin' }, 'body.role'],
      [{ workspace_key: t.ws }, { role: 'reader', user_id: t.writer.id }, 'body'],
      ...HOSTILE_STRINGS.map((s): [Record<string, string>, unknown, string] => [
        { workspace_key: t.ws },
        { role: s },
        'body.role',
      ]),
    ];
    for (const [query, body, path] of cases) {
      expectInvalid(
        await h.request('PATCH', url, { as: t.maintainer, ...(query ? { query } : {}), body }),
        path,
      );
    }
    expectInvalid(
      await h.request('PATCH', `/v1/projects/${enc(t.project)}/members/writer`, {
        as: t.maintainer,
        query: { workspace_key: t.ws },
        body: { role: 'reader' },
      }),
      'params.userId',
    );
    expectInvalid(
      await h.request('PATCH', `/v1/projects/${enc('codehost:acme/../x')}/members/${t.writer.id}`, {
        as: t.maintainer,
        query: { workspace_key: t.ws },
        body: { role: 'reader' },
      }),
      'params.key',
    );
    expect(await stateOf(t)).toEqual(before);
  });
});

describe('DELETE /v1/projects/:key/members/:userId', () => {
  it('lets a maintainer remove a member and audits access.project_member.removed', async () => {
    const t = await team();
    const res = await h.request('DELETE', `/v1/projects/${enc(t.project)}/members/${t.reader.id}`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
    });
    expect(res.statusCode).toBe(204);
    expect(await roleIn(t.ws, t.project, t.reader)).toBeNull();
    await expectHiddenFrom(h, t.reader, {
      method: 'GET',
      url: `/v1/projects/${enc(t.project)}`,
      query: { workspace_key: t.ws },
    });
    // Still a workspace member.
    expect((await h.request('GET', `/v1/workspaces/${t.ws}`, { as: t.reader })).statusCode).toBe(200);
    const [entry] = await accessLog(t.ws);
    expect(entry!.action).toBe('access.project_member.removed');
    expect(entry!.target.params).toEqual({
      source: 'manual',
      target_user_id: t.reader.id,
      old_role: 'READER',
      new_role: null,
      workspace_key: t.ws,
      project_key: t.project,
    });
  });

  it('lets a workspace admin remove a maintainer, and a maintainer leave', async () => {
    const t = await team();
    const byAdmin = await h.request('DELETE', `/v1/projects/${enc(t.project)}/members/${t.writer.id}`, {
      as: t.admin,
      query: { workspace_key: t.ws },
    });
    expect(byAdmin.statusCode).toBe(204);
    const leave = await h.request('DELETE', `/v1/projects/${enc(t.project)}/members/${t.maintainer.id}`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
    });
    expect(leave.statusCode).toBe(204);
    expect((await projectMembers(t.ws, t.project)).map((m) => m.user_id)).toEqual([t.reader.id]);
  });

  it('needs a maintainer: writers and readers get 403, others 404; checks its input', async () => {
    const t = await team();
    const before = await stateOf(t);
    const call = {
      method: 'DELETE' as const,
      url: `/v1/projects/${enc(t.project)}/members/${t.reader.id}`,
      query: { workspace_key: t.ws },
    };
    await expectKeyRequired(h, call);
    await expectForbiddenFor(h, t.writer, call);
    await expectForbiddenFor(h, t.reader, call);
    await expectHiddenFrom(h, t.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, t.maintainer, {
      ...call,
      url: `/v1/projects/${enc(t.project)}/members/${t.bystander.id}`,
    });
    expectInvalid(await h.request('DELETE', call.url, { as: t.maintainer }), 'query.workspace_key');
    expectInvalid(
      await h.request('DELETE', `/v1/projects/${enc(t.project)}/members/x`, {
        as: t.maintainer,
        query: call.query,
      }),
      'params.userId',
    );
    expect(await stateOf(t)).toEqual(before);
  });
});

describe('concurrent changes', () => {
  it('a project membership added while its user leaves the workspace never outlives the workspace membership', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await team();
      const [removed, added] = await Promise.all([
        h.request('DELETE', `/v1/workspaces/${t.ws}/members/${t.bystander.id}`, { as: h.admin }),
        h.request('POST', `/v1/projects/${enc(t.project)}/members`, {
          as: t.maintainer,
          query: { workspace_key: t.ws },
          body: { user_id: t.bystander.id, role: 'reader' },
        }),
      ]);
      expect(removed!.statusCode).toBe(204);
      expect([201, 409]).toContain(added!.statusCode);
      expect(await roleIn(t.ws, t.project, t.bystander)).toBeNull();
      const removals = (await accessLog(t.ws)).filter(
        (e) => e.target.params.target_user_id === t.bystander.id,
      );
      // When the add won, the removal cascaded it (and audited that).
      const projectRemoved = removals.filter((e) => e.action === 'access.project_member.removed');
      expect(projectRemoved).toHaveLength(added!.statusCode === 201 ? 1 : 0);
    }
  });

  it('a member creating a project while leaving the workspace does not stay its maintainer', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await h.user();
      const ws = await h.workspace([[member, 'member']], { auto_create_project: true });
      const key = `codehost:acme/${h.uniq('race')}`;
      const [removed, created] = await Promise.all([
        h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: h.admin }),
        h.request('POST', `/v1/workspaces/${ws}/projects`, { as: member, body: { key } }),
      ]);
      expect(removed!.statusCode).toBe(204);
      expect([201, 404]).toContain(created!.statusCode);
      if (created!.statusCode === 201) expect(await projectMembers(ws, key)).toEqual([]);
      else expect(await readProject(ws, key)).toBeNull();
    }
  });
});
