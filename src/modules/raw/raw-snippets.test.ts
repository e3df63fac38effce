import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { expectError, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  expectForbiddenFor,
  expectHiddenFrom,
  expectKeyRequired,
  type RouteCall,
} from '../../test/security-matrix.ts';
import { auditLogPages, sqlText, type AuditEntry } from '../audit/audit-test-scenario.ts';
import {
  created,
  expectInvalidAt,
  expectNo5xx,
  freshProject,
  recall,
  type Place,
} from '../memories/memory-test-fixtures.ts';
import { team, type Team } from '../projects/project-test-fixtures.ts';
import { outsiderWithWorkspace } from '../workspaces/member-test-fixtures.ts';

const h = useHarness();
let t: Team;
let outsider: TestUser; // owner of another workspace only
let outsiderWs: string;

beforeAll(async () => {
  t = await team(h);
  ({ outsider, outsiderWs } = await outsiderWithWorkspace(h));
});

interface Snippet {
  message_id: string;
  session_id: string;
  role: string;
  snippet: string;
  created_at: string;
}

interface SeedMessage {
  role?: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  createdAt?: Date;
}

interface Seeded {
  sessionId: string;
  ids: string[];
}

const ELLIPSIS = '…';
/** Words that never match the test queries. */
const filler = (chars: number) =>
  'alpha bravo charlie delta echo foxtrot golf hotel '.repeat(chars / 50 + 1).slice(0, chars);

/**
 * Raw transcripts arrive through imports, which have no HTTP route yet: the test writes a session and
 * its messages straight into the tables, in the project named by its keys.
 */
async function seedSession(place: Place, messages: SeedMessage[]): Promise<Seeded> {
  const sessionId = newId('rses');
  const ids = messages.map(() => newId('rmsg'));
  const now = h.clock.now();
  const at = (d: Date) => `${sqlText(d.toISOString())}::timestamptz`;
  const statements = [
    `insert into raw_sessions (id, workspace_id, project_id, source, source_session_id, title, import_id,
       message_count, started_at, created_at, updated_at)
     select ${sqlText(sessionId)}, w.id, p.id, 'claude_code', ${sqlText(h.uniq('session'))}, 'A session',
       ${sqlText(newId('imp'))}, ${messages.length}, ${at(now)}, ${at(now)}, ${at(now)}
     from workspaces w join projects p on p.workspace_id = w.id
     where w.key = ${sqlText(place.ws)} and p.key = ${sqlText(place.project)};`,
    ...messages.map(
      (m, seq) =>
        `insert into raw_messages (id, session_id, workspace_id, project_id, seq, role, content, created_at)
         select ${sqlText(ids[seq]!)}, s.id, s.workspace_id, s.project_id, ${seq}, ${sqlText(m.role ?? 'user')},
           ${sqlText(m.content)}, ${at(m.createdAt ?? new Date(now.getTime() + seq))}
         from raw_sessions s where s.id = ${sqlText(sessionId)};`,
    ),
  ];
  await h.database.raw(statements.join('\n'));
  return { sessionId, ids };
}

const search = (as: TestUser, place: Place, query: Record<string, string>) =>
  h.request('GET', '/v1/raw/search', {
    as,
    query: { workspace_key: place.ws, project_key: place.project, ...query },
  });

async function found(as: TestUser, place: Place, query: Record<string, string>): Promise<Snippet[]> {
  const res = await search(as, place, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(Object.keys(res.json())).toEqual(['items']);
  return res.json().items as Snippet[];
}

const view = (as: TestUser, id: string, query: Record<string, string>) =>
  h.request('GET', `/v1/raw/messages/${id}`, { as, query });

async function viewed(as: TestUser, id: string, query: Record<string, string>): Promise<Snippet> {
  const res = await view(as, id, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Snippet;
}

/** The raw.* audit entries of a workspace, newest first. */
const rawLog = (ws: string): Promise<AuditEntry[]> =>
  auditLogPages(h, h.admin, { workspace_key: ws, action_prefix: 'raw.' });

describe('GET /v1/raw/search', () => {
  it('answers snippets around the hit, never a whole long message', async () => {
    const p = await freshProject(h, t);
    const long = `${filler(2500)} the zeppelin landed on the roof ${filler(2500)}`;
    expect(long.length).toBeGreaterThan(5000);
    const { sessionId, ids } = await seedSession(p, [
      { role: 'user', content: 'Where did the zeppelin land?' },
      { role: 'assistant', content: long },
      { role: 'tool', content: 'Nothing to see here' },
    ]);
    const items = await found(p.writer, p, { q: 'zeppelin' });
    expect(items.map((i) => i.message_id).sort()).toEqual([ids[0], ids[1]].sort());
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'message_id', 'role', 'session_id', 'snippet']);
      expect(item.session_id).toBe(sessionId);
      expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    }
    const short = items.find((i) => i.message_id === ids[0])!;
    expect(short).toMatchObject({ role: 'user', snippet: 'Where did the zeppelin land?' });
    const cut = items.find((i) => i.message_id === ids[1])!;
    expect(cut.role).toBe('assistant');
    expect(cut.snippet.length).toBeLessThanOrEqual(500);
    expect(cut.snippet.length).toBeGreaterThan(400);
    expect(cut.snippet).toContain('the zeppelin landed');
    expect(cut.snippet.startsWith(ELLIPSIS)).toBe(true);
    expect(cut.snippet.endsWith(ELLIPSIS)).toBe(true);
    expect(long.replace(/\s+/g, ' ')).toContain(cut.snippet.slice(1, -1));
    for (const max of [50, 120, 1000, 1500]) {
      const [hit] = (await found(p.writer, p, { q: 'zeppelin landed roof', max_chars: String(max) })).filter(
        (i) => i.message_id === ids[1],
      );
      expect(hit!.snippet.length, String(max)).toBeLessThanOrEqual(max);
      expect(hit!.snippet).toContain('zeppelin');
      expect(hit!.snippet.startsWith(ELLIPSIS) && hit!.snippet.endsWith(ELLIPSIS)).toBe(true);
    }
    // A message that needs no cut is answered whole (whitespace collapsed), without ellipses.
    const spaced = await seedSession(p, [{ content: '  Whitespace   around\n\nthe  gondola  ' }]);
    expect(await found(p.writer, p, { q: 'gondola' })).toEqual([
      expect.objectContaining({ message_id: spaced.ids[0], snippet: 'Whitespace around the gondola' }),
    ]);
    // A hit near the end of a long message.
    const tail = await seedSession(p, [{ content: `${filler(4000)} finally the dirigible` }]);
    const [end] = await found(p.writer, p, { q: 'dirigible', max_chars: '200' });
    expect(end).toMatchObject({ message_id: tail.ids[0] });
    expect(end!.snippet.length).toBeLessThanOrEqual(200);
    expect(end!.snippet.startsWith(ELLIPSIS)).toBe(true);
    expect(end!.snippet.endsWith('finally the dirigible')).toBe(true);
  });

  it('centres the snippet on the hit of a quoted phrase or a word in brackets', async () => {
    const p = await freshProject(h, t);
    const { ids } = await seedSession(p, [
      { content: `${filler(3000)} the airship docked at noon ${filler(3000)}` },
    ]);
    for (const q of ['"airship"', '"airship docked"', '(airship)', 'airship']) {
      const [hit] = await found(p.writer, p, { q, max_chars: '200' });
      expect(hit, q).toMatchObject({ message_id: ids[0] });
      expect(hit!.snippet, q).toContain('airship');
      const one = await viewed(p.writer, ids[0]!, { workspace_key: p.ws, q, max_chars: '200' });
      expect(one.snippet, q).toContain('airship');
    }
  });

  it('matches all words, phrases and exclusions, in this project only', async () => {
    const p = await freshProject(h, t);
    const q = await freshProject(h, t);
    const mine = await seedSession(p, [
      { content: 'The blue whale swims north' },
      { content: 'The blue heron flies south' },
      { content: 'A whale of a time' },
    ]);
    await seedSession(q, [{ content: 'The blue whale swims north in the other project' }]);
    const idsOf = async (query: string) =>
      (await found(p.writer, p, { q: query })).map((i) => i.message_id).sort();
    expect(await idsOf('blue whale')).toEqual([mine.ids[0]]);
    expect(await idsOf('whale')).toEqual([mine.ids[0], mine.ids[2]].sort());
    expect(await idsOf('blue -whale')).toEqual([mine.ids[1]]);
    expect(await idsOf('"whale swims"')).toEqual([mine.ids[0]]);
    expect(await idsOf('whales swimming')).toEqual([mine.ids[0]]);
    expect(await idsOf('giraffe')).toEqual([]);
    expect(await idsOf('the of a')).toEqual([]);
  });

  it('answers 10 snippets by default and at most 20', async () => {
    const p = await freshProject(h, t);
    const { ids } = await seedSession(
      p,
      Array.from({ length: 25 }, (_, i) => ({ content: `Quasar observation number ${i}` })),
    );
    const byDefault = await found(p.writer, p, { q: 'quasar' });
    expect(byDefault).toHaveLength(10);
    const most = await found(p.writer, p, { q: 'quasar', limit: '20' });
    expect(most).toHaveLength(20);
    expect(new Set(most.map((i) => i.message_id)).size).toBe(20);
    for (const item of most) expect(ids).toContain(item.message_id);
    // Equal relevance: newest first.
    expect(most.map((i) => i.message_id)).toEqual([...ids].reverse().slice(0, 20));
    expect(await found(p.writer, p, { q: 'quasar', limit: '1' })).toHaveLength(1);
  });

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

  it('never answers memories, and memory recall never answers raw messages', async () => {
    const p = await freshProject(h, t);
    await created(h, p, p.writer, 'decision', 'Quokka habitats need shade');
    await seedSession(p, [{ content: 'Xylophone tuning notes from the call' }]);
    expect(await found(p.writer, p, { q: 'quokka' })).toEqual([]);
    expect(await found(p.writer, p, { q: 'quokka habitats shade' })).toEqual([]);
    expect((await recall(h, p, p.writer, { q: 'xylophone' })).items).toEqual([]);
    expect((await recall(h, p, p.writer, { q: 'xylophone tuning notes call' })).items).toEqual([]);
    // Both are there, each for its own search.
    expect(await found(p.writer, p, { q: 'xylophone' })).toHaveLength(1);
    expect((await recall(h, p, p.writer, { q: 'quokka' })).items).toHaveLength(1);
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

  it('rejects bad parameters with 400 naming them, and answers hostile queries cleanly', async () => {
    const p = await freshProject(h, t);
    await seedSession(p, [{ content: "Robert'); DROP TABLE students;-- was here" }]);
    const logBefore = await rawLog(p.ws);
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'query.q'],
      [{ q: '' }, 'query.q'],
      [{ q: '   ' }, 'query.q'],
      [{ q: 'x'.repeat(501) }, 'query.q'],
      [{ q: 'a', limit: '0' }, 'query.limit'],
      [{ q: 'a', limit: '21' }, 'query.limit'],
      [{ q: 'a', limit: 'many' }, 'query.limit'],
      [{ q: 'a', limit: '1.5' }, 'query.limit'],
      [{ q: 'a', max_chars: '49' }, 'query.max_chars'],
      [{ q: 'a', max_chars: '1501' }, 'query.max_chars'],
      [{ q: 'a', max_chars: '0' }, 'query.max_chars'],
      [{ q: 'a', max_chars: 'lots' }, 'query.max_chars'],
      [{ q: 'a', cursor: 'x' }, 'query'],
      [{ q: 'a', workspace_key: '' }, 'query.workspace_key'],
      [{ q: 'a', workspace_key: 'Bad Key' }, 'query.workspace_key'],
      [{ q: 'a', project_key: 'nope' }, 'query.project_key'],
      [{ q: 'a', project_key: 'codehost:acme/../x' }, 'query.project_key'],
    ];
    for (const s of HOSTILE_STRINGS.filter((v) => (v.length > 500 || unstorable(v)) && v.isWellFormed())) {
      cases.push([{ q: s }, 'query.q']);
    }
    for (const [query, path] of cases) {
      expectInvalidAt(await search(p.writer, p, query), path, JSON.stringify(query).slice(0, 100));
    }
    for (const missing of ['workspace_key', 'project_key']) {
      const query: Record<string, string> = { workspace_key: p.ws, project_key: p.project, q: 'a' };
      delete query[missing];
      expectInvalidAt(await h.request('GET', '/v1/raw/search', { as: p.writer, query }), `query.${missing}`);
    }
    expect(await rawLog(p.ws)).toEqual(logBefore);
    for (const q of [
      ...HOSTILE_STRINGS.filter((v) => v.length <= 500 && !unstorable(v)),
      '"unterminated phrase',
      '- - -',
      'or or or',
      '!!! & | <-> :*',
      "students'); DROP",
    ]) {
      const res = await search(p.writer, p, { q });
      expectNo5xx(res);
      expect(res.statusCode, `${q.slice(0, 40)} -> ${res.body.slice(0, 200)}`).toBe(200);
    }
    expect((await found(p.writer, p, { q: "Robert'); DROP TABLE students;--" })).length).toBe(1);
  });
});

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
