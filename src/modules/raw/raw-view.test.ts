import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired, type RouteCall } from '../../test/security-matrix.ts';
import { expectInvalidAt, freshProject } from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/members.fixtures.ts';
import { ELLIPSIS, filler, rawHelpers } from './raw.fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

const { seedSession, found, view, viewed, rawLog } = rawHelpers(h);

describe('GET /v1/raw/messages/:id', () => {
  it('answers a snippet of one message: its start, or around the hit of q', async () => {
    const p = await freshProject(h, t);
    const long = `Opening words of the transcript. ${filler(3000)} the meteor shower peaks at dawn ${filler(1500)}`;
    const { sessionId, ids } = await seedSession(p, [
      { role: 'system', content: 'You are a helpful assistant' },
      { role: 'assistant', content: long },
    ]);
    const whole = await viewed(p.writer, ids[0]!, { workspace_key: p.ws });
    expect(whole).toEqual({
      message_id: ids[0],
      session_id: sessionId,
      role: 'system',
      snippet: 'You are a helpful assistant',
      created_at: expect.any(String),
    });
    const start = await viewed(p.writer, ids[1]!, { workspace_key: p.ws });
    expect(start.snippet.length).toBeLessThanOrEqual(500);
    expect(start.snippet.startsWith('Opening words of the transcript.')).toBe(true);
    expect(start.snippet.endsWith(ELLIPSIS)).toBe(true);
    const around = await viewed(p.writer, ids[1]!, { workspace_key: p.ws, q: 'meteor', max_chars: '300' });
    expect(around.snippet.length).toBeLessThanOrEqual(300);
    expect(around.snippet).toContain('the meteor shower peaks');
    expect(around.snippet.startsWith(ELLIPSIS) && around.snippet.endsWith(ELLIPSIS)).toBe(true);
    const most = await viewed(p.writer, ids[1]!, { workspace_key: p.ws, max_chars: '1500' });
    expect(most.snippet.length).toBeLessThanOrEqual(1500);
    expect(most.snippet.length).toBeGreaterThan(1400);
    const least = await viewed(p.writer, ids[1]!, { workspace_key: p.ws, max_chars: '50' });
    expect(least.snippet.length).toBeLessThanOrEqual(50);
  });

  it('hides messages of other projects and workspaces (404) and needs a key', async () => {
    const p = await freshProject(h, t);
    const { ids } = await seedSession(p, [{ content: 'The eclipse is total' }]);
    const hiddenProject = await h.project(p.ws, [[p.maintainer, 'maintainer']]);
    const hidden = await seedSession({ ws: p.ws, project: hiddenProject }, [{ content: 'Hidden eclipse' }]);
    const foreign = await seedSession({ ws: outsiderWs, project: await h.project(outsiderWs) }, [
      { content: 'Foreign eclipse' },
    ]);
    const call: RouteCall = {
      method: 'GET',
      url: `/v1/raw/messages/${ids[0]}`,
      query: { workspace_key: p.ws },
    };
    const logBefore = await rawLog(p.ws);
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, p.bystander, call);
    await expectHiddenFrom(h, outsider, call);
    // Named with the wrong workspace, even by someone who may see both.
    await expectHiddenFrom(h, outsider, { ...call, query: { workspace_key: outsiderWs } });
    await expectHiddenFrom(h, h.admin, { ...call, query: { workspace_key: outsiderWs } });
    // Another project of the same workspace the caller is not in.
    await expectHiddenFrom(h, p.writer, { ...call, url: `/v1/raw/messages/${hidden.ids[0]}` });
    // A message of another workspace, named with the caller's own workspace.
    await expectHiddenFrom(h, p.writer, { ...call, url: `/v1/raw/messages/${foreign.ids[0]}` });
    // Well-formed but unknown.
    await expectHiddenFrom(h, p.writer, { ...call, url: `/v1/raw/messages/${newId('rmsg')}` });
    expect(await rawLog(p.ws)).toEqual(logBefore);
    // Raw search of the project does not reach the hidden project either.
    expect((await found(p.writer, p, { q: 'eclipse' })).map((i) => i.message_id)).toEqual([ids[0]]);
    expect((await viewed(p.maintainer, hidden.ids[0]!, { workspace_key: p.ws })).message_id).toBe(
      hidden.ids[0],
    );
  });

  it('rejects malformed ids and parameters with 400', async () => {
    const p = await freshProject(h, t);
    const { ids } = await seedSession(p, [{ content: 'Valid message' }]);
    const logBefore = await rawLog(p.ws);
    const badIds = [
      'nope',
      'rmsg_',
      'rmsg_lower',
      'mem_01ABC',
      `rmsg_${'A'.repeat(70)}`,
      "rmsg_1' OR '1'='1",
      ...HOSTILE_STRINGS.filter((s) => s.length < 200 && s.isWellFormed()),
    ];
    for (const bad of badIds) {
      expectInvalidAt(
        await view(p.writer, encodeURIComponent(bad), { workspace_key: p.ws }),
        'params.id',
        bad,
      );
    }
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'query.workspace_key'],
      [{ workspace_key: 'Bad Key' }, 'query.workspace_key'],
      [{ workspace_key: p.ws, max_chars: '49' }, 'query.max_chars'],
      [{ workspace_key: p.ws, max_chars: '1501' }, 'query.max_chars'],
      [{ workspace_key: p.ws, max_chars: 'x' }, 'query.max_chars'],
      [{ workspace_key: p.ws, q: '' }, 'query.q'],
      [{ workspace_key: p.ws, q: 'x'.repeat(501) }, 'query.q'],
      [{ workspace_key: p.ws, q: 'bad\u0000' }, 'query.q'],
      [{ workspace_key: p.ws, project_key: p.project }, 'query'],
    ];
    for (const [query, path] of cases) {
      expectInvalidAt(await view(p.writer, ids[0]!, query), path, JSON.stringify(query).slice(0, 100));
    }
    expect(await rawLog(p.ws)).toEqual(logBefore);
    for (const q of HOSTILE_STRINGS.filter((v) => v.length <= 500 && !unstorable(v))) {
      const res = await view(p.writer, ids[0]!, { workspace_key: p.ws, q });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
