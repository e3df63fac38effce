import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { imports } from './table.ts';
import { needsUpload, TEMP_UPLOADS_DIR, UPLOADS_DIR } from './upload-file.ts';

/**
 * A file with no import is left this long: an upload being streamed (tmp/), or moved into place
 * while its import is being recorded (files/), is younger. One stalled longer is abandoned.
 */
const STRAY_FILE_AGE_MS = 60 * 60_000;
const LOOKUP_BATCH = 500;

/** The plain files of a directory (none when it does not exist yet). */
async function filesIn(dir: string): Promise<Dirent[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Removes `path` if it was last written before `before`; answers whether it did. */
async function removeIfOlder(path: string, before: number): Promise<boolean> {
  try {
    if ((await stat(path)).mtimeMs >= before) return false;
    await rm(path, { force: true });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Removes the files of the import directory nothing needs: temporary uploads older than
 * STRAY_FILE_AGE_MS, uploads whose import is past `uploaded` (parsed, failed, deleted ...), and
 * uploads with no import that are older than STRAY_FILE_AGE_MS. Answers how many it removed.
 */
export async function sweepUploadFiles(ctx: Ctx): Promise<{ temp: number; uploads: number }> {
  const before = ctx.now().getTime() - STRAY_FILE_AGE_MS;
  const tempDir = join(ctx.config.importDir, TEMP_UPLOADS_DIR);
  let temp = 0;
  for (const entry of await filesIn(tempDir)) {
    if (await removeIfOlder(join(tempDir, entry.name), before)) temp += 1;
  }

  const uploadsDir = join(ctx.config.importDir, UPLOADS_DIR);
  const names = (await filesIn(uploadsDir)).map((e) => e.name);
  let uploads = 0;
  for (let i = 0; i < names.length; i += LOOKUP_BATCH) {
    const chunk = names.slice(i, i + LOOKUP_BATCH);
    // Uploads are stored under their import's id (looked up by primary key, matched by path).
    const rows = await ctx.db
      .select({ filePath: imports.filePath, status: imports.status })
      .from(imports)
      .where(inArray(imports.id, chunk));
    const statusOf = new Map(rows.map((r) => [r.filePath, r.status]));
    for (const name of chunk) {
      const status = statusOf.get(`${UPLOADS_DIR}/${name}`);
      const path = join(uploadsDir, name);
      if (status === undefined) {
        if (await removeIfOlder(path, before)) uploads += 1;
      } else if (!needsUpload(status)) {
        await rm(path, { force: true });
        uploads += 1;
      }
    }
  }
  return { temp, uploads };
}
