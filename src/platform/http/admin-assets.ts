import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One file of the built Admin UI, held in memory with its gzip form made on first use. */
export interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  /** Vite names what it builds under assets/ by content hash: such a file never changes. */
  immutable: boolean;
  gzip(): Buffer | undefined;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
/** Smaller than this, gzip saves less than its own cost. */
const GZIP_MIN_BYTES = 1024;

/**
 * The built Admin UI (a few dozen files, well under a megabyte), read once at start: answers come
 * from memory, with an ETag, and gzipped when the client takes it. Null when the UI is not built.
 */
export function loadAdminAssets(dir: string): Map<string, Asset> | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  for (const file of filesUnder(dir)) {
    const path = relative(dir, file).split(sep).join('/');
    if (path === 'build.json') continue;
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let zipped: Buffer | undefined | null = null;
    assets.set(path, {
      body,
      type,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      immutable: path.startsWith('assets/'),
      gzip() {
        if (zipped === null) zipped = compressible(type, body) ? gzipSync(body, { level: 9 }) : undefined;
        return zipped;
      },
    });
  }
  return assets;
}

const compressible = (type: string, body: Buffer) =>
  body.length >= GZIP_MIN_BYTES && /^(text\/|application\/json|image\/svg)/.test(type);

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}
