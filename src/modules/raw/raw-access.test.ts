import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { freshProject } from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { rawHelpers } from './raw.fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

const { seedSession, found, viewed, rawLog } = rawHelpers(h);

describe('GET /v1/raw/search', () => {
  it('is for project writers by default: readers get 403', async () => {
    const w = await team(h);
    const { ids } = await seedSession(w, [{ content: 'The comet returns in spring' }]);
    const searchCall: RouteCall = {
      method: 'GET',
      url: '/v1/raw/search',
      query: { workspace_key: w.ws, project_key: w.project, q: 'comet' },
    };
    const viewCall: RouteCall = {
      method: 'GET',
      url: `/v1/raw/messages/${ids[0]}`,
      query: { workspace_key: w.ws },
    };
    for (const call of [searchCall, viewCall]) {
      await expectForbiddenFor(h, w.reader, call);
      for (const user of [w.writer, w.maintainer, w.admin, h.admin]) {
        const res = await h.request('GET', call.url, { as: user, query: call.query });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    expect(await rawLog(w.ws)).toHaveLength(8);
  });

  it('follows raw_access_min_role: maintainer shuts writers out', async () => {
    const w = await team(h);
    const { ids } = await seedSession(w, [{ content: 'The nebula is expanding' }]);
    const patch = await h.request('PATCH', `/v1/workspaces/${w.ws}`, {
      as: w.admin,
      body: { raw_access_min_role: 'maintainer', reason: 'transcripts are sensitive' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().raw_access_min_role).toBe('maintainer');
    const searchCall: RouteCall = {
      method: 'GET',
      url: '/v1/raw/search',
      query: { workspace_key: w.ws, project_key: w.project, q: 'nebula' },
    };
    const viewCall: RouteCall = {
      method: 'GET',
      url: `/v1/raw/messages/${ids[0]}`,
      query: { workspace_key: w.ws },
    };
    const logBefore = await rawLog(w.ws);
    for (const call of [searchCall, viewCall]) {
      for (const user of [w.writer, w.reader]) {
        const error = expectError(
          await h.request('GET', call.url, { as: user, query: call.query }),
          403,
          'forbidden',
        );
        expect(error.message).toContain('maintainer');
      }
    }
    expect(await rawLog(w.ws)).toEqual(logBefore);
    expect(await found(w.maintainer, w, { q: 'nebula' })).toHaveLength(1);
    expect((await viewed(w.admin, ids[0]!, { workspace_key: w.ws })).message_id).toBe(ids[0]);
    // And back.
    const back = await h.request('PATCH', `/v1/workspaces/${w.ws}`, {
      as: w.admin,
      body: { raw_access_min_role: 'writer' },
    });
    expect(back.statusCode).toBe(200);
    expect(await found(w.writer, w, { q: 'nebula' })).toHaveLength(1);
    expectError(
      await h.request('PATCH', `/v1/workspaces/${w.ws}`, {
        as: w.admin,
        body: { raw_access_min_role: 'reader' },
      }),
      400,
      'validation_failed',
    );
  });

  it('keeps a token pasted into the query out of the raw.search audit entry', async () => {
    const p = await freshProject(h, t);
    const token = 'ghp_' + 'Q7'.repeat(18);
    await found(p.writer, p, { q: `pulsar ${token}` });
    const [entry] = await rawLog(p.ws);
    expect(entry!.target.params).toMatchObject({ q: 'pulsar [redacted:github_token]', count: 0 });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('records raw.search with the query and the count, and raw.view with the message', async () => {
    const p = await freshProject(h, t);
    const { sessionId, ids } = await seedSession(p, [
      { content: 'The pulsar spins fast' },
      { content: 'Another pulsar note' },
    ]);
    await found(p.writer, p, { q: 'pulsar' });
    await found(p.writer, p, { q: 'magnetar' });
    const [none, two] = await rawLog(p.ws);
    expect(two).toMatchObject({
      action: 'raw.search',
      workspace_key: p.ws,
      target: {
        type: 'project',
        params: { workspace_key: p.ws, project_key: p.project, q: 'pulsar', count: 2 },
      },
      actor: { user_id: p.writer.id },
    });
    expect(none!.target.params).toMatchObject({ q: 'magnetar', count: 0 });
    expect(JSON.stringify(two)).not.toContain('spins fast');
    await viewed(p.maintainer, ids[0]!, { workspace_key: p.ws, q: 'pulsar' });
    const [entry] = await rawLog(p.ws);
    expect(entry).toMatchObject({
      action: 'raw.view',
      target: {
        type: 'raw_message',
        id: ids[0],
        params: { workspace_key: p.ws, project_key: p.project, message_id: ids[0], session_id: sessionId },
      },
      actor: { user_id: p.maintainer.id },
    });
    expect(JSON.stringify(entry)).not.toContain('spins fast');
  });

  it('needs a key and hides the project from everyone outside it (404)', async () => {
    const p = await freshProject(h, t);
    await seedSession(p, [{ content: 'The asteroid belt' }]);
    const call: RouteCall = {
      method: 'GET',
      url: '/v1/raw/search',
      query: { workspace_key: p.ws, project_key: p.project, q: 'asteroid' },
    };
    const logBefore = await rawLog(p.ws);
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, p.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    await expectHiddenFrom(h, outsider, { ...call, query: { ...call.query!, workspace_key: outsiderWs } });
    await expectHiddenFrom(h, p.writer, {
      ...call,
      query: { ...call.query!, project_key: `codehost:acme/${h.uniq('none')}` },
    });
    expect(await rawLog(p.ws)).toEqual(logBefore);
  });
});
