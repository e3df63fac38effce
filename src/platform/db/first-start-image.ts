import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';

/**
 * The first-start image: an embedded database on which initdb has run and every migration has
 * been applied, made when ctxhub is built (`npm install`) and copied into a new data directory at
 * its first start. initdb (PostgreSQL compiled to WASM) is most of a first start, 5 to 8 s; the
 * copy takes a fraction of a second. The image holds the empty schema only: no user, key or
 * secret (the first start then creates the administrator as before). It is used only when it was
 * made by the installed PGlite from the current migrations; otherwise a first start runs initdb.
 */
export const IMAGE_DIR = join(PACKAGE_ROOT, 'node_modules', '.cache', 'ctxhub', 'pglite-first-start');
const IMAGE_DATA = 'pgdata';
const IMAGE_STAMP = 'image.json';

/** What an image is made from: the PGlite version and the migrations (SQL files and journal). */
export function imageFingerprint(): string {
  const hash = createHash('sha256');
  const pglite = join(PACKAGE_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(`pglite ${(JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }).version}\n`);
  const files = [
    ...readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')),
    join('meta', '_journal.json'),
  ].sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  return hash.digest('hex');
}

/** Whether the image (in `imageDir`) exists and was made from what is installed now. */
export function imageIsCurrent(imageDir = IMAGE_DIR): boolean {
  try {
    const stamp = JSON.parse(readFileSync(join(imageDir, IMAGE_STAMP), 'utf8')) as { fingerprint?: string };
    return stamp.fingerprint === imageFingerprint();
  } catch {
    return false;
  }
}

const isMissingOrEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Fills `dir`, the PGlite directory of a data directory never started (missing or empty), from a
 * current image, and answers whether it did. The copy is made beside `dir` and renamed into
 * place: a crash leaves no half-copied database. A copy that fails (the image replaced under it
 * by a build) is dropped: the first start then runs initdb. The caller holds the data dir's lock.
 */
export function seedFromImage(dir: string, imageDir = IMAGE_DIR): boolean {
  if (!isMissingOrEmpty(dir) || !imageIsCurrent(imageDir)) return false;
  const copy = `${dir}.first-start-${process.pid}`;
  try {
    rmSync(copy, { recursive: true, force: true });
    cpSync(join(imageDir, IMAGE_DATA), copy, { recursive: true });
    if (existsSync(dir)) rmdirSync(dir); // empty: checked above
    renameSync(copy, dir);
    return true;
  } catch {
    rmSync(copy, { recursive: true, force: true });
    return false;
  }
}

/**
 * Makes the image (in `imageDir`), unless a current one exists: `make(dir)` runs initdb and the
 * migrations in a new directory. Made beside the image and swapped in whole, so a concurrent build or first start
 * sees the old image or the new one. Answers whether it made one.
 */
export async function writeImage(
  make: (dir: string) => Promise<void>,
  imageDir = IMAGE_DIR,
): Promise<boolean> {
  if (imageIsCurrent(imageDir)) return false;
  const fingerprint = imageFingerprint();
  const building = `${imageDir}.building-${process.pid}`;
  const old = `${imageDir}.old-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  try {
    await make(join(building, IMAGE_DATA));
    writeFileSync(join(building, IMAGE_STAMP), `${JSON.stringify({ fingerprint })}\n`);
    if (existsSync(imageDir)) renameSync(imageDir, old);
    try {
      renameSync(building, imageDir);
    } catch (err) {
      // Another build swapped its image in first: it is as current as this one.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    }
    return true;
  } finally {
    rmSync(building, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}
