import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/index.ts';
import { AppError, invalid, invalidField } from '../../platform/http/errors.ts';
import type { App } from '../../platform/http/types.ts';
import { validated } from '../../platform/http/validate.ts';
import { saveUpload, type SavedUpload } from '../../platform/save-upload.ts';
import { uploadFields } from './schemas.ts';
import { TEMP_UPLOADS_DIR } from './upload-file.ts';

const UPLOAD_HELP =
  'POST /v1/imports takes multipart/form-data with the fields workspace_key, project_key, source and file';

const uploadTarget = uploadFields.pick({ workspace_key: true, project_key: true });

/** The project an upload is for, known once both of its fields are read. */
export interface UploadTarget {
  workspace_key: string;
  project_key: string;
}

/** A received upload: its text fields as sent (not validated yet) and its file, in a temporary place. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file: SavedUpload & { fileName: string };
}

/**
 * Multipart parsing (only where uploads are taken; the rest of the API stays JSON-only) with the
 * upload's limits. Two files are let through so that a second one reaches `receiveUpload` and is
 * refused with a 400 naming it; a file over SERVICE_IMPORT_MAX_BYTES is a 413.
 */
export async function acceptUploads(app: App, config: Config): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: config.importMaxBytes, files: 2, fields: 10, fieldSize: 1000, parts: 12 },
  });
}

/**
 * An error of the multipart parser itself (no boundary, a truncated body) carries no code or
 * status, unlike the limits (413) and our own errors: it is a bad request, not a 500.
 */
function asBadBody(err: unknown): unknown {
  if (!(err instanceof Error) || 'code' in err || 'statusCode' in err) return err;
  return invalidField('body', 'is not valid multipart/form-data (no boundary, or cut short)');
}

/** The request's parts, with the parser's own errors as 400s. */
async function* uploadParts(req: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    yield* req.parts();
  } catch (err) {
    throw asBadBody(err);
  }
}

/**
 * Reads an upload: its text fields (each once) and exactly one file, in the field "file",
 * streamed to a temporary file under the import directory. When the project's fields come before
 * the file, `beforeFile` runs first (an access check refuses before anything is stored). The
 * received upload is handed to `use`; its temporary file is removed when anything is refused
 * (bad fields, a second or oversized file, `use` throwing), so a refusal leaves no file behind.
 */
export async function receiveUpload<T>(
  req: FastifyRequest,
  options: {
    config: Config;
    beforeFile: (target: UploadTarget) => Promise<unknown>;
    use: (received: ReceivedUpload) => Promise<T>;
  },
): Promise<T> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', UPLOAD_HELP);
  const fields: Record<string, string> = {};
  let file: ReceivedUpload['file'] | null = null;
  try {
    for await (const part of uploadParts(req)) {
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname)) {
          throw invalidField(`body.${part.fieldname}`, 'is given more than once');
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw invalidField(`body.${part.fieldname}`, 'send exactly one file, in the field "file"');
      }
      if (fields.workspace_key !== undefined && fields.project_key !== undefined) {
        const { workspace_key, project_key } = fields;
        await options.beforeFile(validated(uploadTarget, { workspace_key, project_key }));
      }
      const saved = await saveUpload(part.file, join(options.config.importDir, TEMP_UPLOADS_DIR)).catch(
        (err) => {
          throw asBadBody(err);
        },
      );
      file = { ...saved, fileName: part.filename };
    }
    if (!file) throw invalid([{ path: 'body.file', message: 'is required' }], UPLOAD_HELP);
    return await options.use({ fields, file });
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    throw err;
  }
}
