import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { outsiderWithWorkspace, readTwoAtATime } from '../workspaces/members.fixtures.ts';
import { expectHiddenOutsideProject, team } from './projects.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

describe('GET /v1/workspaces/:key/projects', () => {
  it('shows admins every project and members only their own, with their role', async () => {
    const t = await team(h);
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
    const t = await team(h);
    const created = [t.project];
    for (let i = 0; i < 4; i++) created.push(await h.project(t.ws, [[t.reader, 'reader']]));
    for (const as of [t.admin, t.reader]) {
      const seen = await readTwoAtATime<{ key: string }>(h, as, `/v1/workspaces/${t.ws}/projects`);
      expect(seen.map((p) => p.key)).toEqual([...created].reverse());
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
    const t = await team(h);
    const call = { method: 'GET' as const, url: `/v1/workspaces/${t.ws}/projects` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, outsider, call);
  });
});

describe('GET /v1/projects/:key', () => {
  it('answers a project reader, with the key percent-encoded in the path', async () => {
    const t = await team(h);
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
    const t = await team(h);
    const call = {
      method: 'GET' as const,
      url: `/v1/projects/${enc(t.project)}`,
      query: { workspace_key: t.ws },
    };
    await expectHiddenOutsideProject(h, t, outsider, call);
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
    const t = await team(h);
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
