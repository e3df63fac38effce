import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';

export interface SavedUpload {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * Streams an upload to a new file in `dir`, hashing it on the way: memory use does not depend on
 * its size. A failed or aborted stream leaves no file behind.
 */
export async function saveUpload(stream: Readable, dir: string): Promise<SavedUpload> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `upload-${Date.now()}-${randomBytes(6).toString('hex')}.part`);
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const file = createWriteStream(path, { mode: 0o600 });
  try {
    await pipeline(stream, meter, file);
  } catch (err) {
    // A body cut short can fail the pipeline while the file is still being opened: removed before
    // it is closed, it would appear afterwards and stay.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await rm(path, { force: true });
    throw err;
  }
  return { path, bytes, sha256: hash.digest('hex') };
}
