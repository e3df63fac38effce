import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJsonExport } from './parse-json-export.ts';
import type { ParseEvent } from './types.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'ctxhub-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function parse(file: string): Promise<ParseEvent[]> {
  const events: ParseEvent[] = [];
  for await (const event of parseJsonExport(file, { fallbackSessionId: 'sha-fallback' })) events.push(event);
  return events;
}

function write(name: string, content: string | object): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const of = <T extends ParseEvent['type']>(events: ParseEvent[], type: T) =>
  events.filter((event): event is Extract<ParseEvent, { type: T }> => event.type === type);

/** Each session with its messages as "role: first three words". */
function outline(events: ParseEvent[]): Array<[string, string[]]> {
  const result: Array<[string, string[]]> = [];
  for (const event of events) {
    if (event.type === 'session') result.push([event.sourceSessionId, []]);
    if (event.type === 'message')
      result.at(-1)?.[1].push(`${event.role}: ${event.content.split(/\s+/).slice(0, 3).join(' ')}`);
  }
  return result;
}

describe('Claude.ai export', () => {
  it('streams a list of conversations with titles, roles and timestamps', async () => {
    const events = await parse(join(FIXTURES, 'claude-export.json'));
    expect(of(events, 'session')).toEqual([
      {
        type: 'session',
        sourceSessionId: '3c1f9e20-6b7a-4d58-a0e2-51d8c4f7b9a1',
        title: 'Invoice numbering scheme',
        startedAt: new Date('2025-02-03T08:12:44.120Z'),
      },
      {
        type: 'session',
        sourceSessionId: '9b47d0e8-2c15-4f3a-8e6d-0a9c3f1b2e74',
        title: 'Refund webhook ordering',
        startedAt: new Date('2025-02-17T15:02:10.000Z'),
      },
    ]);
    expect(outline(events).map(([, messages]) => messages.map((m) => m.split(':')[0]))).toEqual([
      ['user', 'assistant', 'user', 'assistant'],
      ['user', 'assistant', 'user'],
    ]);
    const messages = of(events, 'message');
    expect(messages[0]?.createdAt).toEqual(new Date('2025-02-03T08:12:44.512Z'));
    expect(messages[4]?.content).toContain('[attachment refunds.ts]\nexport async function onChargeRefunded');
    expect(messages[5]?.content).toMatch(
      /pending event keyed by charge id[\s\S]*\[tool_use artifacts\][\s\S]*BILL-163/,
    );
    expect(messages[6]?.content).toBe("Makes sense, we'll go with pending events. Thanks!"); // empty content: uses text
    expect(of(events, 'skipped')).toEqual([]);
  });
});

describe('ChatGPT export', () => {
  it('follows the visible branch of the mapping and keeps tool and code messages', async () => {
    const events = await parse(join(FIXTURES, 'chatgpt-export.json'));
    expect(outline(events)).toEqual([
      [
        '67812a3c-5d10-8004-b1f2-9e3c7a0d4b21',
        [
          'user: How should billing-api',
          'assistant: Store amounts as',
          'user: What about currencies',
          'assistant: Keep a per-currency', // current_node's branch, not the regenerated-away answer
        ],
      ],
      [
        '67a4b5e0-91c2-8004-a7d3-2b6e8f1c0d93',
        [
          'user: Write a SQL',
          'assistant: SELECT customer_id, period,',
          'tool: customer_id | period',
          'assistant: One customer (4711)',
        ],
      ],
    ]);
    const [first] = of(events, 'session');
    expect(first).toMatchObject({
      title: 'Money amounts in billing-api',
      startedAt: new Date(1736500000123),
    });
    expect(of(events, 'message')[0]?.createdAt).toEqual(new Date(1736500011520));
  });

  it('orders by create_time when the tree cannot be followed', async () => {
    const node = (id: string, role: string, text: string, time: number) => ({
      id,
      parent: 'gone',
      children: [],
      message: { author: { role }, content: { content_type: 'text', parts: [text] }, create_time: time },
    });
    const file = write('chatgpt-broken-tree.json', {
      title: 'broken',
      mapping: { b: node('b', 'assistant', 'second', 20), a: node('a', 'user', 'first', 10) },
    });
    expect(outline(await parse(file))).toEqual([['sha-fallback', ['user: first', 'assistant: second']]]);
  });
});

describe('generic and wrapped exports', () => {
  it('parses one conversation object with generic messages, normalizing roles', async () => {
    const events = await parse(join(FIXTURES, 'single-conversation.json'));
    expect(events[0]).toEqual({
      type: 'session',
      sourceSessionId: 'notes-sync-2025-03-20',
      title: 'Weekly billing-api sync',
      startedAt: new Date('2025-03-20T10:00:00Z'),
    });
    const messages = of(events, 'message');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(messages[4]).toMatchObject({
      content: expect.stringMatching(/^Next: we agreed/),
      createdAt: new Date(1742465400_000),
    });
    expect(of(events, 'skipped')).toEqual([
      { type: 'skipped', line: null, reason: 'the conversation: message with unknown role "narrator"' },
    ]);
  });

  it('reads {"conversations": [...]}, gives id-less conversations numbered fallback ids, reports unusable items', async () => {
    const file = write('wrapped.json', {
      exported_at: '2025-04-01',
      conversations: [
        { title: 'no id', messages: [{ role: 'user', content: 'one' }] },
        { title: 'also no id', messages: [{ role: 'assistant', content: [{ type: 'text', text: 'two' }] }] },
        { something: 'else' },
        'not an object',
        { id: 'empty', messages: [] },
      ],
      trailer: { ignored: true },
    });
    const events = await parse(file);
    expect(outline(events)).toEqual([
      ['sha-fallback:1', ['user: one']],
      ['sha-fallback:2', ['assistant: two']],
    ]);
    expect(of(events, 'skipped').map((s) => s.reason)).toEqual([
      'conversation 3 has no chat_messages, mapping or messages',
      'conversation 4 is not an object',
    ]);
  });

  it('cleans NUL characters and unpaired surrogates from escaped JSON strings', async () => {
    const file = write(
      'dirty.json',
      '[{"id":"d\\u0000","title":"t\\udc00","messages":[{"role":"user","content":"a\\u0000b\\ud83dc"}]}]',
    );
    const events = await parse(file);
    expect(events).toEqual([
      { type: 'session', sourceSessionId: 'd', title: 't\ufffd', startedAt: null },
      { type: 'message', role: 'user', content: 'ab\ufffdc', createdAt: null },
    ]);
  });

  it('keeps the conversations read before a truncation or a syntax error, then reports it', async () => {
    const good = JSON.stringify({ id: 'ok', messages: [{ role: 'user', content: 'kept' }] });
    const truncated = await parse(write('truncated.json', `[${good},{"id":"cut","messages":[{"role":"us`));
    expect(outline(truncated)).toEqual([['ok', ['user: kept']]]);
    expect(of(truncated, 'skipped')).toEqual([
      { type: 'skipped', line: null, reason: expect.stringMatching(/ends early/) },
    ]);

    const invalid = await parse(write('invalid.json', `[${good}, }]`));
    expect(outline(invalid)).toEqual([['ok', ['user: kept']]]);
    expect(of(invalid, 'skipped')).toEqual([
      { type: 'skipped', line: null, reason: expect.stringMatching(/^not valid JSON/) },
    ]);

    // an error past the first 1 MB read: every conversation before it is still handed out
    const many = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ id: `c${i}`, messages: [{ role: 'user', content: `message ${i} `.repeat(40) }] }),
    );
    const late = await parse(
      write(
        'late-error.json',
        `[${many.join(',')},{"id":"bad","messages":[{"role":"user","content":"x"}]}}]`,
      ),
    );
    expect(of(late, 'session')).toHaveLength(3001);
    expect(of(late, 'message').at(-1)?.content).toBe('x');
    expect(of(late, 'skipped')).toEqual([
      { type: 'skipped', line: null, reason: expect.stringMatching(/^not valid JSON/) },
    ]);

    expect(await parse(write('blank.json', '  \n'))).toEqual([
      { type: 'skipped', line: null, reason: 'the file holds no JSON value' },
    ]);
  });

  it('keeps messages whose time is out of range (years 1..9999), without a time', async () => {
    const far = '+020000-01-01T00:00:00Z';
    const events = await parse(
      write('far-dates.json', {
        id: 'far',
        created_at: far,
        messages: [
          { role: 'user', content: 'milliseconds far beyond', timestamp: 1e20 },
          { role: 'assistant', content: 'seconds beyond year 9999', timestamp: 3e11 },
          { role: 'user', content: 'year 20000', timestamp: far },
          { role: 'user', content: 'before year 1', timestamp: '-000001-12-31T00:00:00Z' },
          { role: 'assistant', content: 'first day', timestamp: '0001-01-01T00:00:00Z' },
          { role: 'assistant', content: 'last moment', timestamp: '9999-12-31T23:59:59.999Z' },
        ],
      }),
    );
    expect(of(events, 'session')).toEqual([
      { type: 'session', sourceSessionId: 'far', title: null, startedAt: null },
    ]);
    expect(of(events, 'message').map((m) => [m.content, m.createdAt?.toISOString() ?? null])).toEqual([
      ['milliseconds far beyond', null],
      ['seconds beyond year 9999', null],
      ['year 20000', null],
      ['before year 1', null],
      ['first day', '0001-01-01T00:00:00.000Z'],
      ['last moment', '9999-12-31T23:59:59.999Z'],
    ]);
  });

  it('quotes an unknown sender or role clipped in the skip reason', async () => {
    const huge = 'x'.repeat(100_000);
    const events = await parse(
      write('huge-sender.json', [
        {
          uuid: 'c1',
          chat_messages: [
            { sender: huge, text: 'lost' },
            { sender: 'human', text: 'kept' },
          ],
        },
        { id: 'c2', messages: [{ role: { nested: huge }, content: 'lost' }] },
      ]),
    );
    expect(of(events, 'message').map((m) => m.content)).toEqual(['kept']);
    const reasons = of(events, 'skipped').map((e) => e.reason);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^conversation 1: chat message with unknown sender "xxx+…$/);
    expect(reasons[1]).toMatch(/^conversation 2: message with unknown role \{"nested":"xxx+…$/);
    for (const reason of reasons) expect(reason.length).toBeLessThan(130);
  });

  it('throws on I/O errors only', async () => {
    await expect(parse(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
