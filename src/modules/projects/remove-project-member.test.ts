import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/assertions.ts';
import { enc, useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom } from '../../test/security-matrix.ts';
import { expectLatestAccessEntry, outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import {
  expectMaintainersOnly,
  projectMembersOf,
  projectRoleOf,
  stateOf,
  team,
} from './projects.fixtures.ts';

const h = useHarness();
let outsider: TestUser; // owner of another workspace only

beforeAll(async () => {
  ({ outsider } = await outsiderWithWorkspace(h));
});

describe('DELETE /v1/projects/:key/members/:userId', () => {
  it('lets a maintainer remove a member and audits access.project_member.removed', async () => {
    const t = await team(h);
    const res = await h.request('DELETE', `/v1/projects/${enc(t.project)}/members/${t.reader.id}`, {
      as: t.maintainer,
      query: { workspace_key: t.ws },
    });
    expect(res.statusCode).toBe(204);
    expect(await projectRoleOf(h, t.ws, t.project, t.reader)).toBeNull();
    await expectHiddenFrom(h, t.reader, {
      method: 'GET',
      url: `/v1/projects/${enc(t.project)}`,
      query: { workspace_key: t.ws },
    });
    // Still a workspace member.
    expect((await h.request('GET', `/v1/workspaces/${t.ws}`, { as: t.reader })).statusCode).toBe(200);
    await expectLatestAccessEntry(h, {
      action: 'access.project_member.removed',
      target: t.reader,
      oldRole: 'READER',
      newRole: null,
      ws: t.ws,
      project: t.project,
    });
  });

  it('lets a workspace admin remove a maintainer, and a maintainer leave', async () => {
    const t = await team(h);
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
    expect((await projectMembersOf(h, t.ws, t.project)).map((m) => m.user_id)).toEqual([t.reader.id]);
  });

  it('needs a maintainer: writers and readers get 403, others 404; checks its input', async () => {
    const t = await team(h);
    const before = await stateOf(h, t);
    const call = {
      method: 'DELETE' as const,
      url: `/v1/projects/${enc(t.project)}/members/${t.reader.id}`,
      query: { workspace_key: t.ws },
    };
    await expectMaintainersOnly(h, t, outsider, call);
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
    expect(await stateOf(h, t)).toEqual(before);
  });
});
