import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAgentJsonl } from './parse-agent-jsonl.ts';
import type { ParseEvent } from './types.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'ctxhub-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function parse(file: string, maxLineBytes?: number): Promise<ParseEvent[]> {
  const events: ParseEvent[] = [];
  for await (const event of parseAgentJsonl(file, { fallbackSessionId: 'sha-fallback' }, maxLineBytes)) {
    events.push(event);
  }
  return events;
}

function writeLines(name: string, lines: Array<object | string>): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
  );
  return file;
}

const of = <T extends ParseEvent['type']>(events: ParseEvent[], type: T) =>
  events.filter((event): event is Extract<ParseEvent, { type: T }> => event.type === type);

const claudeLine = (sessionId: string, role: 'user' | 'assistant', content: unknown, extra: object = {}) => ({
  type: role,
  sessionId,
  uuid: `${sessionId}-${String(content).slice(0, 8)}`,
  timestamp: '2025-03-11T09:00:00.000Z',
  message: { role, content },
  ...extra,
});

describe('Claude Code transcripts', () => {
  it('parses sessions, titles, roles, tool calls and timestamps from the fixture', async () => {
    const events = await parse(join(FIXTURES, 'claude-code-session.jsonl'));
    const sessions = of(events, 'session');
    expect(sessions.map((s) => [s.sourceSessionId, s.title])).toEqual([
      [
        '6f1c2a9e-3b4d-4e8a-9c71-2d5f0b8e4a13',
        'BILL-142: duplicate invoices from overlapping invoice job runs',
      ],
      ['a2d94b70-58e1-4c3f-8f26-91b7c0e3d5a8', null],
      ['a2d94b70-58e1-4c3f-8f26-91b7c0e3d5a8', 'Cleaning up duplicate invoices before migration 0031'],
    ]);
    expect(sessions[0]?.startedAt?.toISOString()).toBe('2025-03-11T09:14:05.402Z');

    const messages = of(events, 'message');
    expect(messages).toHaveLength(21);
    expect(messages[0]).toMatchObject({ role: 'user', createdAt: new Date('2025-03-11T09:14:05.402Z') });
    expect(messages[0]?.content).toMatch(
      /^Customers on the Pro plan got two invoices for February \(BILL-142\)/,
    );
    // thinking is left out; text and the tool call share one assistant message
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      content:
        'Let me look for where the invoice job is scheduled.\n[tool_use Grep] {"pattern":"generateInvoices","path":"src","output_mode":"files_with_matches"}',
    });
    expect(messages[2]).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('src/invoices/retry.ts'),
    });
    expect(messages[4]?.content).toMatch(/^ {5}1\timport cron from 'node-cron';/); // result blocks; indentation kept
    expect(messages.find((m) => m.content.startsWith('[tool_use Bash]'))?.content).toBe(
      '[tool_use Bash] {"command":"npm test -- src/invoices","description":"Run invoice tests"}',
    );
    expect(messages.find((m) => m.content.startsWith('[error]'))?.role).toBe('tool');
    expect(messages.some((m) => m.content.includes('/clear'))).toBe(false); // isMeta
    expect(messages.some((m) => m.content.includes('signature') || m.content.includes('iVBOR'))).toBe(false);
    expect(messages.find((m) => m.content.startsWith('This is the Grafana panel'))?.role).toBe('user');
    expect(messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/must not delete paid/),
    });

    expect(of(events, 'skipped')).toEqual([
      { type: 'skipped', line: 10, reason: 'not valid JSON' },
      { type: 'skipped', line: 24, reason: 'not a Claude Code transcript line' },
    ]);
  });

  it('announces a session again when the file interleaves sessions', async () => {
    const file = writeLines('interleaved.jsonl', [
      claudeLine('A', 'user', 'first in A'),
      claudeLine('B', 'user', 'first in B'),
      claudeLine('A', 'assistant', 'second in A'),
      { type: 'user', message: { role: 'user', content: 'no session id here' } },
    ]);
    const events = await parse(file);
    expect(
      events.map((e) =>
        e.type === 'session' ? `session ${e.sourceSessionId}` : e.type === 'message' ? e.content : e.type,
      ),
    ).toEqual([
      'session A',
      'first in A',
      'session B',
      'first in B',
      'session A',
      'second in A',
      'session sha-fallback',
      'no session id here',
    ]);
  });

  it('removes NUL characters, replaces unpaired surrogates and invalid UTF-8, reads CRLF and a BOM', async () => {
    const file = join(dir, 'dirty.jsonl');
    const line = JSON.stringify(claudeLine('S', 'user', 'nul\u0000here lone\ud800surrogate'));
    const broken = Buffer.from(
      JSON.stringify(claudeLine('S', 'assistant', 'bad-byte:X')).replace('X', '\u0001'),
    );
    broken[broken.indexOf(0x01)] = 0xff; // not UTF-8
    writeFileSync(file, Buffer.concat([Buffer.from(`\ufeff${line}\r\n`), broken, Buffer.from('\r\n')]));
    const messages = of(await parse(file), 'message');
    expect(messages.map((m) => m.content)).toEqual(['nulhere lone\ufffdsurrogate', 'bad-byte:\ufffd']);
  });

  it('skips a line over the cap with its number and goes on', async () => {
    const file = writeLines('long.jsonl', [
      claudeLine('S', 'user', 'before'),
      claudeLine('S', 'assistant', 'x'.repeat(5000)),
      claudeLine('S', 'user', 'after'),
    ]);
    const events = await parse(file, 1024);
    expect(of(events, 'message').map((m) => m.content)).toEqual(['before', 'after']);
    expect(of(events, 'skipped')).toEqual([
      { type: 'skipped', line: 2, reason: expect.stringMatching(/over the 1024-byte cap/) },
    ]);
  });
});

describe('Codex CLI rollouts', () => {
  it('parses the current format: session_meta, messages, function calls and their output', async () => {
    const events = await parse(join(FIXTURES, 'codex-rollout.jsonl'));
    expect(of(events, 'session')).toEqual([
      {
        type: 'session',
        sourceSessionId: '0199a1b2-7c3d-7e41-9a55-3f0c8d2e6b17',
        title: null,
        startedAt: new Date('2025-09-02T10:15:00.412Z'),
      },
    ]);
    const messages = of(events, 'message');
    expect(messages.map((m) => m.role)).toEqual([
      'system', // developer
      'system', // <environment_context>
      'user',
      'assistant',
      'tool',
      'assistant',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(messages[3]?.content).toBe(
      '[function_call shell] {"command":["bash","-lc","rg -n \\"payment_intent.succeeded\\" src"],"workdir":"/home/dana/src/billing-api","timeout_ms":120000}',
    );
    expect(messages[4]?.content).toMatch(/^src\/webhooks\/stripe\.ts:31:/); // the output, not its JSON wrapper
    expect(messages[2]?.createdAt).toBeInstanceOf(Date);
    expect(messages.filter((m) => m.content.startsWith('BILL-156'))).toHaveLength(1); // event_msg duplicates ignored
    expect(messages.some((m) => m.content.includes('Locating the webhook handler'))).toBe(false); // reasoning
    expect(of(events, 'skipped')).toEqual([{ type: 'skipped', line: 12, reason: 'not valid JSON' }]);
  });

  it('parses the older format: a header line, then the items themselves', async () => {
    const events = await parse(join(FIXTURES, 'codex-legacy.jsonl'));
    expect(events[0]).toEqual({
      type: 'session',
      sourceSessionId: '5e8b2d71-0a4f-4c19-b3e6-7d12f9a0c845',
      title: null,
      startedAt: new Date('2025-05-20T16:42:09.311Z'),
    });
    const messages = of(events, 'message');
    expect(messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(messages[0]?.content).toMatch(/^Project rules for billing-api/); // the header's instructions
    expect(messages.slice(1).every((m) => m.createdAt === null)).toBe(true);
    expect(of(events, 'skipped')).toEqual([]);
  });
});

describe('detection and bad lines', () => {
  it('parses a file of blank and broken lines to zero messages, counting each bad line', async () => {
    const events = await parse(join(FIXTURES, 'empty.jsonl'));
    expect(of(events, 'message')).toEqual([]);
    expect(of(events, 'session')).toEqual([]);
    expect(of(events, 'skipped').map((s) => s.line)).toEqual([3, 4, 5, 6, 7]);
  });

  it('detects the shape per file from the first line that shows one', async () => {
    const codexFirst = writeLines('codex-first.jsonl', [
      '{"level":"info"}',
      {
        timestamp: '2025-09-02T10:00:00Z',
        type: 'session_meta',
        payload: { id: 'cx-1', timestamp: '2025-09-02T10:00:00Z' },
      },
      claudeLine('S', 'user', 'a Claude line in a Codex file'),
      {
        timestamp: '2025-09-02T10:00:01Z',
        type: 'response_item',
        payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
      },
    ]);
    const events = await parse(codexFirst);
    expect(of(events, 'message').map((m) => m.content)).toEqual(['hi']);
    expect(of(events, 'skipped')).toEqual([
      { type: 'skipped', line: 1, reason: 'neither a Claude Code nor a Codex transcript line' },
      { type: 'skipped', line: 3, reason: 'a claude_code line in a codex transcript' },
    ]);

    const claudeFirst = writeLines('claude-first.jsonl', [
      { type: 'summary', summary: 'Lock for the invoice job', leafUuid: 'elsewhere' },
      claudeLine('S', 'user', 'hello'),
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'codex item' }] },
    ]);
    const claudeEvents = await parse(claudeFirst);
    expect(claudeEvents[0]).toMatchObject({
      type: 'session',
      sourceSessionId: 'S',
      title: 'Lock for the invoice job',
    });
    expect(of(claudeEvents, 'skipped')).toEqual([
      { type: 'skipped', line: 3, reason: 'a codex line in a claude_code transcript' },
    ]);
  });

  it('throws on I/O errors only', async () => {
    await expect(parse(join(dir, 'missing.jsonl'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
