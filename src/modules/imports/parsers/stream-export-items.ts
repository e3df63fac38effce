import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { jsonParser } from 'stream-json/core/parser.js';
import { ExportTokenRouter, type ExportItem } from './export-token-router.ts';

/** Each read is tokenized in one synchronous call: 1 MB held the event loop for ~60-100 ms. */
const READ_CHUNK_BYTES = 64 * 1024;

export type ExportStreamEvent = ExportItem | { problem: string };

/** A problem of one pass; `chunk` is the read in which the JSON turned invalid, if it did. */
type PassEvent = ExportItem | { problem: string; chunk: number | null };

/**
 * One pass over the file: stream-json's tokenizer runs over 64 KB reads (decoded as UTF-8, invalid
 * bytes replaced) and the router assembles one conversation at a time. The tokenizer throws away
 * what it read in a call that fails, so read number `exactChunk` is fed one character at a time:
 * everything before the error then reaches the router.
 */
async function* tokenizePass(filePath: string, exactChunk: number | null): AsyncGenerator<PassEvent> {
  const tokenize = jsonParser({ packValues: true, streamValues: false });
  const decoder = new StringDecoder('utf8');
  const router = new ExportTokenRouter();
  const stream = createReadStream(filePath, { highWaterMark: READ_CHUNK_BYTES });
  let chunkNumber = 0;

  const feed = (text: string): string | null => {
    try {
      const tokens = tokenize(text);
      if (typeof tokens !== 'symbol') for (const token of tokens.values) router.push(token);
      return null;
    } catch (error) {
      return `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  const feedChunk = (text: string): string | null => {
    if (chunkNumber === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (!text) return null;
    if (chunkNumber !== exactChunk) return feed(text);
    for (const character of text) {
      const problem = feed(character);
      if (problem) return problem;
    }
    return null;
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const problem = feedChunk(decoder.write(chunk));
      yield* router.take();
      if (problem) {
        yield { problem, chunk: chunkNumber };
        return;
      }
      chunkNumber += 1;
    }
    const tail = feedChunk(decoder.end());
    const problem = tail ?? router.finish();
    yield* router.take();
    if (problem) yield { problem, chunk: tail ? chunkNumber : null };
  } finally {
    stream.destroy();
  }
}

/**
 * Streams a JSON chat export one conversation at a time, so memory follows the largest
 * conversation, not the file. Invalid or truncated JSON ends the stream with a problem after
 * every conversation completed before it (invalid JSON costs one more pass up to the error);
 * I/O errors throw.
 */
export async function* streamExportItems(filePath: string): AsyncGenerator<ExportStreamEvent> {
  let handedOut = 0;
  let failedChunk: number | null = null;
  for await (const event of tokenizePass(filePath, null)) {
    if ('problem' in event) {
      if (event.chunk === null) yield { problem: event.problem };
      failedChunk = event.chunk;
      break;
    }
    handedOut += 1;
    yield event;
  }
  if (failedChunk === null) return;
  for await (const event of tokenizePass(filePath, failedChunk)) {
    if ('problem' in event) {
      yield { problem: event.problem };
      return;
    }
    if (event.index >= handedOut) yield event;
  }
}
