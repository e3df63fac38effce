import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { createMemory, type MemoryWrite } from './create-memory.ts';
import { memoryView } from './review-clock.ts';
import { deleteMemory } from './delete-memory.ts';
import { getMemory } from './get-memory.ts';
import { listMemories } from './list-memories.ts';
import { memoryHistory } from './memory-history.ts';
import { reportCitations } from './report-citations.ts';
import {
  citationsReportBody,
  createMemoryBody,
  historyQuery,
  listMemoriesQuery,
  memoryByIdQuery,
  memoryParams,
  updateMemoryBody,
} from './schemas.ts';
import {
  memoryAnswer,
  memoryHistory as memoryHistoryAnswer,
  memoryList,
  memoryWriteAnswer,
  presentMemory,
  presentVersion,
} from './memory-answers.ts';
import { updateMemory } from './update-memory.ts';
import type { PossibleContradiction } from './possible-contradictions.ts';

const tags = ['memories'];

const presentWrite = (w: MemoryWrite & { possiblySupersedes?: PossibleContradiction[] }) => ({
  ...presentMemory(w.view, w),
  redactions: w.redactions,
  deduplicated: w.deduplicated,
  possibly_supersedes: w.possiblySupersedes ?? [],
});

export function memoryRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/memories', {
    schema: {
      tags,
      summary: 'Remember something (project writer; confirmed or rejected status needs maintainer)',
      description:
        'Secrets are replaced by [redacted:<kind>] markers before storing. An identical memory (same ' +
        'project, type and normalized content) is not stored twice: it is answered with 200 and deduplicated=true.',
      body: createMemoryBody,
      response: { 200: memoryWriteAnswer, 201: memoryWriteAnswer },
    },
    handler: async (req, reply) => {
      const written = await createMemory({ ctx: contextOf(deps, req), input: req.body });
      return reply.code(written.deduplicated ? 200 : 201).send(presentWrite(written));
    },
  });

  app.get('/v1/memories', {
    schema: {
      tags,
      summary: 'Recall memories (project reader): ranked by relevance with q, else newest first',
      description:
        'With q: memories matching every query term first, then partial matches; typos are corrected ' +
        'against the words of the project, identifiers (ticket ids, file and function names) match as ' +
        'written; then type weight, recency and the current_subpath boost. Ranking considers the newest ' +
        '200 memories matching all terms plus the newest 200 matching any. Raw transcripts are never searched.',
      querystring: listMemoriesQuery,
      response: { 200: memoryList },
    },
    handler: async (req) => {
      const result = await listMemories({ ctx: contextOf(deps, req), input: req.query });
      return {
        ...presentPage({ items: result.items, nextCursor: result.nextCursor }, (i) => ({
          ...presentMemory(i.row, result),
          ...(i.explain ? { explain: i.explain } : {}),
        })),
        ...(result.query ? { query: result.query } : {}),
      };
    },
  });

  app.get('/v1/memories/:id', {
    schema: {
      tags,
      summary: 'One memory (project reader)',
      params: memoryParams,
      querystring: memoryByIdQuery,
      response: { 200: memoryAnswer },
    },
    handler: async (req) => {
      const ctx = contextOf(deps, req);
      const { memory, access, project } = await getMemory({
        ctx,
        input: { id: req.params.id, workspace_key: req.query.workspace_key },
      });
      return presentMemory(memoryView(memory, access.workspaceAccess.workspace.reviewAfterDays, ctx.now()), {
        workspaceKey: project.workspaceKey,
        projectKey: project.key,
      });
    },
  });

  app.patch('/v1/memories/:id', {
    schema: {
      tags,
      summary: 'Change a memory (project writer; status changes need maintainer)',
      description:
        "The previous version is kept (see /history). A writer's change of the content or type of a confirmed " +
        'or rejected memory returns it to draft. 409 when the change would duplicate another memory.',
      params: memoryParams,
      body: updateMemoryBody,
      response: { 200: memoryWriteAnswer },
    },
    handler: async (req) =>
      presentWrite(
        await updateMemory({ ctx: contextOf(deps, req), input: { ...req.body, id: req.params.id } }),
      ),
  });

  app.delete('/v1/memories/:id', {
    schema: {
      tags,
      summary: 'Delete a memory (project maintainer); its history is kept',
      params: memoryParams,
      querystring: memoryByIdQuery,
    },
    handler: async (req, reply) => {
      await deleteMemory({
        ctx: contextOf(deps, req),
        input: { id: req.params.id, workspace_key: req.query.workspace_key },
      });
      return reply.code(204).send();
    },
  });

  app.post('/v1/memories/:id/citations', {
    schema: {
      tags,
      summary: 'Report cited code missing in a working tree (project writer): flags the memory needs_review',
      description:
        "Sent by clients working in the repository (ctxhub context, ctxhub mcp) for citations of the memory's " +
        'metadata.cites that they did not find: a path that does not exist, or a symbol not in its file. The memory ' +
        'gets the needs_review flag with a note saying what, at which commit and who reported it (a new version and a ' +
        'memory.updated audit entry); a report the memory is already flagged with changes nothing. Answers the memory.',
      params: memoryParams,
      body: citationsReportBody,
      response: { 200: memoryAnswer },
    },
    handler: async (req) => {
      const reported = await reportCitations({
        ctx: contextOf(deps, req),
        input: { ...req.body, id: req.params.id },
      });
      return presentMemory(reported.view, reported);
    },
  });

  app.get('/v1/memories/:id/history', {
    schema: {
      tags,
      summary: 'Every version of a memory, newest first (project reader); also for deleted memories',
      params: memoryParams,
      querystring: historyQuery,
      response: { 200: memoryHistoryAnswer },
    },
    handler: async (req) =>
      presentPage(
        await memoryHistory({ ctx: contextOf(deps, req), input: { ...req.query, id: req.params.id } }),
        presentVersion,
      ),
  });
}
