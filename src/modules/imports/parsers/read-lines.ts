import { createReadStream } from 'node:fs';

/** Lines longer than this are reported as too long, never buffered past the cap. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const READ_CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

export type ReadLine =
  /** 1-based line number and the line decoded as UTF-8 (invalid bytes become U+FFFD), no line end. */
  | { line: number; text: string }
  /** A line over the cap: only its size is known. */
  | { line: number; text: null; bytes: number };

/**
 * Streams a file's lines (LF or CRLF) straight from the bytes, so a line can be capped without
 * reading it whole and a multi-byte character split between reads is decoded correctly.
 * A leading byte-order mark is dropped. I/O errors (a missing file) throw.
 */
export async function* readLines(
  filePath: string,
  maxLineBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<ReadLine> {
  const stream = createReadStream(filePath, { highWaterMark: READ_CHUNK_BYTES });
  let pieces: Buffer[] = [];
  let lineBytes = 0;
  let tooLong = false;
  let lineNumber = 0;

  const finishLine = (): ReadLine => {
    lineNumber += 1;
    let result: ReadLine;
    if (tooLong) {
      result = { line: lineNumber, text: null, bytes: lineBytes };
    } else {
      const [first] = pieces;
      const bytes = first && pieces.length === 1 ? first : Buffer.concat(pieces, lineBytes);
      let text = bytes.toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (lineNumber === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      result = { line: lineNumber, text };
    }
    pieces = [];
    lineBytes = 0;
    tooLong = false;
    return result;
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(NEWLINE, start);
        const end = newline === -1 ? chunk.length : newline;
        const size = end - start;
        if (!tooLong && lineBytes + size > maxLineBytes) {
          tooLong = true;
          pieces = [];
        }
        if (!tooLong && size > 0) {
          // A line that goes on into the next read keeps a copy, not a view of this read.
          pieces.push(newline === -1 ? Buffer.from(chunk.subarray(start, end)) : chunk.subarray(start, end));
        }
        lineBytes += size;
        if (newline === -1) break;
        yield finishLine();
        start = newline + 1;
      }
    }
    if (lineBytes > 0 || tooLong) yield finishLine();
  } finally {
    stream.destroy();
  }
}
