import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/index.ts';
import type { Ctx } from '../../platform/context.ts';
import type { ImportRow, ImportStatus } from './table.ts';

/** Where uploads wait for their parse, relative to the import directory (`files/<import id>`). */
export const UPLOADS_DIR = 'files';
/** Where uploads are streamed before their import exists. */
export const TEMP_UPLOADS_DIR = 'tmp';

/**
 * The uploaded file is read only by parse: an import needs it while `uploaded` (a parse that
 * crashed keeps it for the retry), never after (parsed, failed or beyond, its secrets included).
 */
export const needsUpload = (status: ImportStatus): boolean => status === 'uploaded';

export const uploadPath = (config: Config, row: Pick<ImportRow, 'filePath'>): string =>
  join(config.importDir, row.filePath);

/**
 * Removes an upload; one already gone is fine. A file that cannot be removed now (a permission
 * changed by hand) is left to the import sweep, which removes files no import needs.
 */
export async function removeUpload(ctx: Ctx, row: Pick<ImportRow, 'filePath'>): Promise<boolean> {
  try {
    await rm(uploadPath(ctx.config, row), { force: true });
    return true;
  } catch {
    return false;
  }
}

/** Removes the upload of an import that no longer needs it. */
export async function removeUnneededUpload(ctx: Ctx, row: ImportRow): Promise<void> {
  if (!needsUpload(row.status)) await removeUpload(ctx, row);
}
