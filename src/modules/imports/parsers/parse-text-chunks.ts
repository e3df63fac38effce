import { cleanText, cleanTitle } from './clean-text.ts';
import { partToMessage } from './content-blocks.ts';
import { readLines } from './read-lines.ts';
import { DEFAULT_CHUNK_SIZES, TextChunker, type ChunkSizes } from './text-chunker.ts';
import type { ParseEvent, ParseOptions } from './types.ts';

/** Notes, docs and logs are written by a person on the team: their chunks are `user` messages. */
const TEXT_CHUNK_ROLE = 'user';

const MARKDOWN_HEADING = /^#{1,6}\s+/;

/**
 * Any other source: the file as UTF-8 text, chunked by paragraph (see `TextChunker`). One session
 * with the fallback id, titled by the first non-empty line (without a Markdown heading marker,
 * at most 120 characters). Chunks have no timestamps. An empty file yields nothing.
 */
export async function* parseTextChunks(
  filePath: string,
  options: ParseOptions,
  sizes: ChunkSizes = DEFAULT_CHUNK_SIZES,
): AsyncGenerator<ParseEvent> {
  const chunker = new TextChunker(sizes);
  let started = false;
  const messages = function* (chunks: string[]): Generator<ParseEvent> {
    for (const chunk of chunks) {
      const message = partToMessage({ role: TEXT_CHUNK_ROLE, text: chunk }, null);
      if (message) yield message;
    }
  };

  for await (const read of readLines(filePath)) {
    if (read.text === null) {
      yield {
        type: 'skipped',
        line: read.line,
        reason: `line of ${read.bytes} bytes is too long for a text chunk`,
      };
      continue;
    }
    const text = cleanText(read.text);
    if (!started && text.trim() !== '') {
      started = true;
      const title = cleanTitle(text.trim().replace(MARKDOWN_HEADING, ''));
      yield { type: 'session', sourceSessionId: options.fallbackSessionId, title, startedAt: null };
    }
    chunker.addLine(text);
    yield* messages(chunker.take());
  }
  chunker.end();
  yield* messages(chunker.take());
}
