import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom } from '../../test/security-matrix.ts';
import { accessLog, expectLatestAccessEntry, outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { expectMaintainersOnly, projectRoleOf, stateOf, team } from './projects.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // owner of another workspace only

beforeAll(async () => {
  ({ outsider } = await outsiderWithWorkspace(h));
});

describe('PATCH /v1/projects/:key/members/:userId', () => {
  it('lets a maintainer change a role and audits access.project_member.role_changed', async () => {
    const t = await team(h);
    const res = await h.request('PATCH', `/v1/projects/${enc(t.project)}/members/${t.writer.id}`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
      body: { role: 'reader' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: t.writer.id, email: t.writer.email, role: 'reader' });
    expect(await projectRoleOf(h, t.ws, t.project, t.writer)).toBe('reader');
    await expectLatestAccessEntry(h, {
      action: 'access.project_member.role_changed',
      actor: t.maintainer,
      target: t.writer,
      oldRole: 'WRITER',
      newRole: 'READER',
      ws: t.ws,
      project: t.project,
    });
  });

  it('takes workspace_key in the body, promotes to maintainer, and writes nothing for a no-op', async () => {
    const t = await team(h);
    const url = `/v1/projects/${enc(t.project)}/members/${t.reader.id}`;
    const res = await h.request('PATCH', url, {
      as: t.maintainer,
      body: { workspace_key: t.ws, role: 'maintainer' },
    });
    expect(res.statusCode).toBe(200);
    expect((await accessLog(h, t.ws))[0]!.target.params).toMatchObject({
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
    const before = await stateOf(h, t);
    const same = await h.request('PATCH', url, {
      as: t.admin,
      query: { workspace_key: t.ws },
      body: { role: 'maintainer' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().role).toBe('maintainer');
    expect(await stateOf(h, t)).toEqual(before);
  });

  it('needs a maintainer: writers and readers get 403, others 404; unknown members 404', async () => {
    const t = await team(h);
    const before = await stateOf(h, t);
    const call = {
      method: 'PATCH' as const,
      url: `/v1/projects/${enc(t.project)}/members/${t.reader.id}`,
      query: { workspace_key: t.ws },
      body: { role: 'writer' },
    };
    await expectMaintainersOnly(h, t, outsider, call);
    await expectForbiddenFor(h, t.writer, {
      ...call,
      url: `/v1/projects/${enc(t.project)}/members/${t.writer.id}`,
      body: { role: 'maintainer' },
    });
    await expectHiddenFrom(h, t.maintainer, {
      ...call,
      url: `/v1/projects/${enc(t.project)}/members/${t.bystander.id}`,
    });
    expect(await stateOf(h, t)).toEqual(before);
  });

  it('rejects bad input with the field path, changing nothing', async () => {
    const t = await team(h);
    const before = await stateOf(h, t);
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
    expect(await stateOf(h, t)).toEqual(before);
  });
});
