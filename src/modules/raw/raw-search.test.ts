import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import {
  created,
  expectInvalidAt,
  expectNo5xx,
  freshProject,
  recall,
} from '../memories/memories.fixtures.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { ELLIPSIS, filler, rawHelpers } from './raw.fixtures.ts';

const h = useHarness();
let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { seedSession, search, found, viewed, rawLog } = rawHelpers(h);

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
