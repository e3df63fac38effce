import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { validated } from '../../platform/http/validate.ts';
import { authorizeUpload } from './authorize-upload.ts';
import { commitImport } from './commit-import.ts';
import { createImport } from './create-import.ts';
import { deleteImport } from './delete-import.ts';
import { extractImport } from './extract-import.ts';
import { getImport } from './get-import.ts';
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
  selectStagedAnswer,
  selectStagedBody,
  stagedAnswer,
  stagedList,
  stagedParams,
  stepBody,
  updateStagedBody,
  uploadFields,
} from './schemas.ts';
import { acceptUploads, receiveUpload } from './receive-upload.ts';
import { selectStaged } from './select-staged.ts';
import { listStaged, updateStaged } from './staged-memories.ts';

const tags = ['imports'];

export function importRoutes(app: App, deps: AppDeps): void {
  void app.register(async (uploads: App) => {
    await acceptUploads(uploads, deps.config);
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
        const ctx = contextOf(deps, req);
        const created = await receiveUpload(req, {
          config: deps.config,
          beforeFile: (target) => authorizeUpload({ ctx, input: target }),
          use: ({ fields, file }) =>
            createImport({
              ctx,
              input: {
                ...validated(uploadFields, fields),
                file_name: file.fileName,
                temp_path: file.path,
                bytes: file.bytes,
                sha256: file.sha256,
              },
            }),
        });
        return reply.code(201).send(presentImport(created.row, created.keys));
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
      const found = await getImport({ ctx: contextOf(deps, req), input: { id: req.params.id } });
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
        'Commits every selected staged memory, or exactly staged_ids, as draft memories, or confirmed ones ' +
        'with status=confirmed (project maintainer, else 403). Calling it again commits only what was not ' +
        'committed yet, leaving the memories committed before as they are; a commit running concurrently ' +
        'answers 409.',
      params: importParams,
      body: commitBody,
      response: { 200: importAnswer },
    },
    handler: async (req) => {
      const done = await commitImport({
        ctx: contextOf(deps, req),
        input: { id: req.params.id, staged_ids: req.body?.staged_ids, status: req.body?.status },
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

  app.post('/v1/imports/:id/staged/select', {
    schema: {
      tags,
      summary: 'Select or deselect many staged memories at once: all, by type, or by ids',
      description:
        'Body: selected (true or false) and exactly one of all: true, types or staged_ids (at most 5000; ' +
        'ids that are not staged memories of this import answer 400, nothing changed). Same access as ' +
        'editing one. Committed staged memories are final: left as they are and counted in ' +
        'already_committed. Answers how many changed and the counts of each type after the change.',
      params: importParams,
      body: selectStagedBody,
      response: { 200: selectStagedAnswer },
    },
    handler: async (req) =>
      selectStaged({ ctx: contextOf(deps, req), input: { ...req.body, id: req.params.id } }),
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
