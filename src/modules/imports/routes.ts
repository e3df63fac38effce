import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid, invalidField } from '../../platform/http/errors.ts';
import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { validated } from '../../platform/http/validate.ts';
import { saveUpload, type SavedUpload } from '../../platform/save-upload.ts';
import { commitImport } from './commit-import.ts';
import { assertCanImport, createImport } from './create-import.ts';
import { deleteImport } from './delete-import.ts';
import { extractImport } from './extract-import.ts';
import { requireImport } from './import-access.ts';
import { listImports } from './list-imports.ts';
import { parseImport } from './parse-import.ts';
import {
  commitBody,
  importAnswer,
  importList,
  importParams,
  listImportsQuery,
  listStagedQuery,
  presentImport,
  presentStaged,
  stagedAnswer,
  stagedList,
  stagedParams,
  stepBody,
  updateStagedBody,
  uploadFields,
} from './schemas.ts';
import { listStaged, updateStaged } from './staged-memories.ts';
import { TEMP_UPLOADS_DIR } from './upload-file.ts';

const tags = ['imports'];
const UPLOAD_HELP =
  'POST /v1/imports takes multipart/form-data with the fields workspace_key, project_key, source and file';

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

export function importRoutes(app: App, deps: AppDeps): void {
  // Multipart parsing only where uploads are taken; the rest of the API stays JSON-only.
  void app.register(async (uploads: App) => {
    await uploads.register(multipart, {
      // Two files: a second one reaches the handler and is refused with a 400 naming it.
      limits: { fileSize: deps.config.importMaxBytes, files: 2, fields: 10, fieldSize: 1000, parts: 12 },
    });
    uploads.post('/v1/imports', {
      schema: {
        tags,
        summary: 'Upload a transcript (multipart: workspace_key, project_key, source, file); project writer',
        description:
          'The file is streamed to disk (never held in memory) and its sha256 recorded. Size limit: ' +
          'SERVICE_IMPORT_MAX_BYTES (413 above it). Send the text fields before the file so access is ' +
          'checked before anything is stored.',
        consumes: ['multipart/form-data'],
        response: { 201: importAnswer },
      },
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', UPLOAD_HELP);
        const ctx = contextOf(deps, req);
        const fields: Record<string, string> = {};
        let upload: (SavedUpload & { fileName: string }) | null = null;
        // A refused request (bad fields, a second or oversized file) leaves no file behind.
        try {
          for await (const part of uploadParts(req)) {
            if (part.type === 'field') {
              if (Object.hasOwn(fields, part.fieldname)) {
                throw invalidField(`body.${part.fieldname}`, 'is given more than once');
              }
              fields[part.fieldname] = String(part.value);
              continue;
            }
            if (part.fieldname !== 'file' || upload) {
              part.file.resume();
              throw invalidField(`body.${part.fieldname}`, 'send exactly one file, in the field "file"');
            }
            if (fields.workspace_key !== undefined && fields.project_key !== undefined) {
              const { workspace_key, project_key } = fields;
              const early = validated(uploadFields.pick({ workspace_key: true, project_key: true }), {
                workspace_key,
                project_key,
              });
              await assertCanImport({ ctx, input: early });
            }
            const saved = await saveUpload(part.file, join(deps.config.importDir, TEMP_UPLOADS_DIR)).catch(
              (err) => {
                throw asBadBody(err);
              },
            );
            upload = { ...saved, fileName: part.filename };
          }
          if (!upload) throw invalid([{ path: 'body.file', message: 'is required' }], UPLOAD_HELP);
          const input = validated(uploadFields, fields);
          const created = await createImport({
            ctx,
            input: {
              ...input,
              file_name: upload.fileName,
              temp_path: upload.path,
              bytes: upload.bytes,
              sha256: upload.sha256,
            },
          });
          return reply.code(201).send(presentImport(created.row, created.keys));
        } catch (err) {
          if (upload) await rm(upload.path, { force: true });
          throw err;
        }
      },
    });
  });

  app.get('/v1/imports', {
    schema: {
      tags,
      summary: 'Imports of a workspace, newest first (those of projects where you may import)',
      querystring: listImportsQuery,
      response: { 200: importList },
    },
    handler: async (req) => {
      const result = await listImports({ ctx: contextOf(deps, req), input: req.query });
      return presentPage(result.page, (r) =>
        presentImport(r.row, { workspaceKey: result.workspaceKey, projectKey: r.projectKey }),
      );
    },
  });

  app.get('/v1/imports/:id', {
    schema: {
      tags,
      summary: 'One import with its status and step counts',
      params: importParams,
      response: { 200: importAnswer },
    },
    handler: async (req) => {
      const found = await requireImport(contextOf(deps, req), req.params.id);
      return presentImport(found.row, found.keys);
    },
  });

  app.delete('/v1/imports/:id', {
    schema: {
      tags,
      summary: 'Delete an import: its upload, raw sessions and messages, staged memories (not memories)',
      description:
        'Same access as uploading (project writer or higher). Removes the uploaded file, the raw sessions ' +
        'this import last wrote with their messages (a session a later import took over stays), the staged ' +
        'memories and the import. Memories already committed stay. 409 while a step runs on it.',
      params: importParams,
    },
    handler: async (req, reply) => {
      await deleteImport({ ctx: contextOf(deps, req), input: { id: req.params.id } });
      return reply.code(204).send();
    },
  });

  const steps = [
    ['parse', parseImport, 'Parse the upload into raw sessions and messages (status uploaded -> parsed)'],
    ['extract', extractImport, 'Extract staged memories from the raw messages (parsed -> extracted)'],
  ] as const;
  for (const [step, verb, summary] of steps) {
    app.post(`/v1/imports/:id/${step}`, {
      schema: { tags, summary, params: importParams, body: stepBody, response: { 200: importAnswer } },
      handler: async (req) => {
        const done = await verb({ ctx: contextOf(deps, req), input: { id: req.params.id } });
        return presentImport(done.row, done.keys);
      },
    });
  }

  app.post('/v1/imports/:id/commit', {
    schema: {
      tags,
      summary: 'Commit staged memories as memories (extracted or committed -> committed); never twice',
      description:
        'Commits every selected staged memory, or exactly staged_ids. Calling it again commits only what ' +
        'was not committed yet; a commit running concurrently answers 409.',
      params: importParams,
      body: commitBody,
      response: { 200: importAnswer },
    },
    handler: async (req) => {
      const done = await commitImport({
        ctx: contextOf(deps, req),
        input: { id: req.params.id, staged_ids: req.body?.staged_ids },
      });
      return presentImport(done.row, done.keys);
    },
  });

  app.get('/v1/imports/:id/staged', {
    schema: {
      tags,
      summary: 'Staged memories of an import',
      params: importParams,
      querystring: listStagedQuery,
      response: { 200: stagedList },
    },
    handler: async (req) =>
      presentPage(
        await listStaged({ ctx: contextOf(deps, req), input: { ...req.query, id: req.params.id } }),
        presentStaged,
      ),
  });

  app.patch('/v1/imports/:id/staged/:stagedId', {
    schema: {
      tags,
      summary: 'Edit or (de)select a staged memory before commit',
      params: stagedParams,
      body: updateStagedBody,
      response: { 200: stagedAnswer },
    },
    handler: async (req) =>
      presentStaged(
        await updateStaged({
          ctx: contextOf(deps, req),
          input: { ...req.body, id: req.params.id, staged_id: req.params.stagedId },
        }),
      ),
  });
}
