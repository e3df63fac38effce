import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { overlapTail } from './text-chunker.ts';
import { parseTranscript } from './parse-transcript.ts';
import type { ParseEvent } from './types.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'ctxhub-transcript-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function parse(file: string, source: string, fallbackSessionId?: string): Promise<ParseEvent[]> {
  const events: ParseEvent[] = [];
  const options = fallbackSessionId ? { fallbackSessionId } : undefined;
  for await (const event of parseTranscript(file, source, options)) events.push(event);
  return events;
}

const messages = (events: ParseEvent[]) =>
  events.filter((event): event is Extract<ParseEvent, { type: 'message' }> => event.type === 'message');

describe('parseTranscript', () => {
  it('dispatches by source', async () => {
    const jsonl = await parse(join(FIXTURES, 'codex-legacy.jsonl'), 'agent_jsonl', 'sha');
    expect(jsonl[0]).toMatchObject({
      type: 'session',
      sourceSessionId: '5e8b2d71-0a4f-4c19-b3e6-7d12f9a0c845',
    });
    const exported = await parse(join(FIXTURES, 'single-conversation.json'), 'agent_json_export', 'sha');
    expect(exported[0]).toMatchObject({ type: 'session', sourceSessionId: 'notes-sync-2025-03-20' });
    // any other source reads the file as text, even JSON
    const asText = await parse(join(FIXTURES, 'single-conversation.json'), 'markdown', 'sha');
    expect(asText[0]).toEqual({ type: 'session', sourceSessionId: 'sha', title: '{', startedAt: null });
    expect(messages(asText).every((m) => m.role === 'user')).toBe(true);
  });

  it('uses the file name as the fallback session id when none is given', async () => {
    const events = await parse(join(FIXTURES, 'notes.md'), 'notes');
    expect(events[0]).toMatchObject({ type: 'session', sourceSessionId: 'notes.md' });
  });

  it('chunks text notes: one session titled by the first line, user chunks of at most 2000 chars with overlap', async () => {
    const events = await parse(join(FIXTURES, 'notes.md'), 'notes', 'sha-notes');
    expect(events[0]).toEqual({
      type: 'session',
      sourceSessionId: 'sha-notes',
      title: 'billing-api: engineering notes',
      startedAt: null,
    });
    const chunks = messages(events);
    expect(events.filter((e) => e.type === 'session')).toHaveLength(1);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ role: 'user', createdAt: null });
      expect(chunk.content.length).toBeLessThanOrEqual(2000);
    }
    expect(chunks[0]?.content).toMatch(/^# billing-api: engineering notes\n\nThese notes/);
    expect(chunks[1]?.content.startsWith(overlapTail(chunks[0]!.content, 200))).toBe(true);
    const all = chunks.map((c) => c.content).join('\n');
    expect(all).toContain('We decided to use PostgreSQL advisory locks for the invoice job (BILL-142).');
    expect(all).toContain('Never call the payment provider from the request path.');
    expect(all).toContain('FOR UPDATE SKIP LOCKED?');
  });

  it('cleans text input: NUL removed, invalid UTF-8 replaced; an empty file yields nothing', async () => {
    const file = join(dir, 'dirty.txt');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from('Title\u0000 line\n\nbody '), Buffer.from([0xc3]), Buffer.from(' end\n')]),
    );
    const events = await parse(file, 'text', 'sha');
    expect(events).toEqual([
      { type: 'session', sourceSessionId: 'sha', title: 'Title line', startedAt: null },
      { type: 'message', role: 'user', content: 'Title line\n\nbody \ufffd end', createdAt: null },
    ]);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '\n\n');
    expect(await parse(empty, 'text', 'sha')).toEqual([]);
  });

  it('throws on a missing file, whatever the source', async () => {
    for (const source of ['agent_jsonl', 'agent_json_export', 'text']) {
      await expect(parse(join(dir, 'missing'), source, 'sha')).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
});
