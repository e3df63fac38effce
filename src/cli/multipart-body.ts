import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CliError } from './cli-error.ts';

export interface MultipartFile {
  path: string;
  /** The name sent as the part's filename. */
  name: string;
  /** Its size in bytes (from stat), so the body's length is known before it is read. */
  size: number;
}

export interface MultipartBody {
  contentType: string;
  /** Exact length of the body in bytes (for Content-Length). */
  length: number;
  /** The body, read lazily: fields first, then the file chunk by chunk, then the closing boundary. */
  stream: Readable;
}

/** A header value cannot hold quotes or line breaks; the server keeps only the base name anyway. */
const quoted = (s: string) => s.replace(/[\r\n"\\]/g, '_');

/**
 * A multipart/form-data body streamed from disk: memory use does not depend on the file's size.
 * The text fields come before the file, so the server checks access before it stores anything.
 * `onBytes` is called with each chunk's size as the chunk is handed on.
 */
export function multipartBody(
  fields: Array<[string, string]>,
  file: MultipartFile,
  onBytes: (bytes: number) => void = () => undefined,
): MultipartBody {
  const boundary = `----ctxhub-${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(file.name)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* chunks(): AsyncGenerator<Buffer> {
    onBytes(head.length);
    yield head;
    let read = 0;
    for await (const chunk of createReadStream(file.path) as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > file.size) throw new CliError(`${file.path} grew while it was being uploaded`);
      onBytes(chunk.length);
      yield chunk;
    }
    if (read !== file.size) throw new CliError(`${file.path} changed size while it was being uploaded`);
    onBytes(tail.length);
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    stream: Readable.from(chunks(), { objectMode: false }),
  };
}
