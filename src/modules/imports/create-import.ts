import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { newId } from '../../platform/ids.ts';
import { validated } from '../../platform/http/validate.ts';
import { appendAudit } from '../audit/index.ts';
import { authorizeUpload } from './authorize-upload.ts';
import type { ImportAccess } from './import-access.ts';
import { uploadFields } from './schemas.ts';
import { imports } from './table.ts';
import { uploadPath, UPLOADS_DIR } from './upload-file.ts';
import { missing } from '../../platform/missing.ts';

/** A file name as shown: no directories, no control characters, bounded. */
function displayName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'));
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.slice(0, 255) || 'upload';
}

/**
 * Records an uploaded file (already streamed to `temp_path`) as an import in status `uploaded`,
 * moving the file under the import directory (and removing it there when the import is refused).
 * A temporary file left behind is the caller's to remove. Project writers (or raw_access_min_role).
 */
export async function createImport({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key: string;
    project_key: string;
    source: string;
    file_name: string;
    temp_path: string;
    bytes: number;
    sha256: string;
  };
}): Promise<ImportAccess> {
  const fields = validated(uploadFields, {
    workspace_key: input.workspace_key,
    project_key: input.project_key,
    source: input.source,
  });
  const id = newId('imp');
  const filePath = `${UPLOADS_DIR}/${id}`;
  // Moved before the row is committed, so a committed row always has its file.
  const stored = uploadPath(ctx.config, { filePath });
  await mkdir(join(ctx.config.importDir, UPLOADS_DIR), { recursive: true });
  await rename(input.temp_path, stored);
  try {
    return await inTransaction(ctx, async (ctx) => {
      const access = await authorizeUpload({ ctx, input: fields });
      const now = ctx.now();
      const [row = missing('the inserted import')] = await ctx.db
        .insert(imports)
        .values({
          id,
          workspaceId: access.workspaceAccess.workspace.id,
          projectId: access.project.id,
          source: fields.source,
          fileName: displayName(input.file_name),
          bytes: input.bytes,
          sha256: input.sha256,
          filePath,
          status: 'uploaded',
          stats: {},
          createdBy: access.workspaceAccess.actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await appendAudit(ctx, {
        workspaceId: access.workspaceAccess.workspace.id,
        action: 'import.uploaded',
        target: { type: 'import', id },
        params: {
          workspace_key: access.workspaceAccess.workspace.key,
          project_key: access.project.key,
          import_id: id,
          source: fields.source,
          file_name: row.fileName,
          bytes: input.bytes,
          sha256: input.sha256,
        },
      });
      return {
        row,
        access,
        keys: { workspaceKey: access.workspaceAccess.workspace.key, projectKey: access.project.key },
      };
    });
  } catch (err) {
    await rm(stored, { force: true });
    throw err;
  }
}
