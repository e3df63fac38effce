import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAgentJsonl } from '../../../../bench/generate-transcript.ts';
import { parseTranscript } from './parse-transcript.ts';

const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'ctxhub-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Parses a file, sampling resident memory as it goes; answers the event counts and the growth. */
async function parseMeasured(file: string, source: string) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const counts = { session: 0, message: 0, skipped: 0 };
  for await (const event of parseTranscript(file, source, { fallbackSessionId: 'sha' })) {
    counts[event.type] += 1;
    if ((counts.message & 1023) === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { counts, growth: Math.max(peak, process.memoryUsage().rss) - before };
}

describe('streaming large files', () => {
  it('parses a ~30 MB agent transcript with bounded memory', async () => {
    const file = join(dir, 'large.jsonl');
    const generated = await generateAgentJsonl(file, 30 * MB, { seed: 7 });
    expect(generated.bytes).toBeGreaterThan(29 * MB);

    const { counts, growth } = await parseMeasured(file, 'agent_jsonl');
    expect(counts.message).toBe(generated.messages);
    expect(counts.skipped).toBe(0);
    expect(counts.session).toBeGreaterThanOrEqual(generated.sessions);
    expect(growth).toBeLessThan(150 * MB);
  }, 180_000);

  it('parses a ~30 MB export array one conversation at a time with bounded memory', async () => {
    const file = join(dir, 'large-export.json');
    const out = createWriteStream(file);
    const text = 'We decided to use PostgreSQL advisory locks for the invoice job (BILL-142). '.repeat(8);
    let written = 0;
    let conversations = 0;
    out.write('[');
    while (written < 30 * MB) {
      const conversation = JSON.stringify({
        uuid: `conv-${conversations}`,
        name: `Conversation ${conversations}`,
        created_at: '2025-02-03T08:12:44Z',
        chat_messages: Array.from({ length: 12 }, (_, i) => ({
          sender: i % 2 ? 'assistant' : 'human',
          text,
          content: [{ type: 'text', text }],
          created_at: '2025-02-03T08:12:45Z',
        })),
      });
      const piece = `${conversations ? ',' : ''}${conversation}`;
      written += piece.length;
      conversations += 1;
      if (!out.write(piece)) await once(out, 'drain');
    }
    out.end(']');
    await finished(out);

    const { counts, growth } = await parseMeasured(file, 'agent_json_export');
    expect(counts).toEqual({ session: conversations, message: conversations * 12, skipped: 0 });
    expect(growth).toBeLessThan(150 * MB);
  }, 180_000);
});
