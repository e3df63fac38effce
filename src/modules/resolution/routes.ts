import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { createProjectMapping } from './create-project-mapping.ts';
import { deleteProjectMapping } from './delete-project-mapping.ts';
import { listProjectMappings } from './list-project-mappings.ts';
import { updateProjectMapping } from './update-project-mapping.ts';
import { resolveProject } from './resolve-project.ts';
import {
  createMappingBody,
  mappingAnswer,
  mappingList,
  mappingParams,
  mappingsParams,
  presentMapping,
  presentResolution,
  reasonQuery,
  resolutionAnswer,
  resolveProjectBody,
  updateMappingBody,
} from './schemas.ts';

const tags = ['resolution'];

export function resolutionRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/resolve-project', {
    schema: {
      tags,
      summary: 'The project a client is in, from its git remote, repository folder or a manual key; member',
      description:
        "The workspace's resolution_order is tried source by source: a git remote derives `codehost:<owner>/<repo>`; " +
        'a repository folder derives `<prefix>/<folder>` for each key prefix, or `local:repo/<folder>` where the ' +
        'workspace has no key_prefixes (a repository without a remote resolves too); enabled project mappings win ' +
        'over derived keys. With enable_monorepo_resolution, relative_path selects the sub-project ' +
        '`<repository key>#<sub-path>`, else the repository project. Existing projects are found through every ' +
        'source before anything is created; with auto_create_project on, the first source creates its project and ' +
        'the member becomes its maintainer. A manual_project_key (or what its manual mapping names) must name an ' +
        'existing project the caller can see: it is never created, and an unknown one answers 404 naming it even ' +
        'when other clues would resolve. 404 when nothing resolves.',
      body: resolveProjectBody,
      response: { 200: resolutionAnswer },
    },
    handler: async (req) =>
      presentResolution(await resolveProject({ ctx: contextOf(deps, req), input: req.body })),
  });

  app.get('/v1/workspaces/:key/project-mappings', {
    schema: {
      tags,
      summary: 'Project mappings of a workspace, by kind, then as resolution tries them (priority); member',
      params: mappingsParams,
      response: { 200: mappingList },
    },
    handler: async (req) => {
      const items = await listProjectMappings({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key },
      });
      return { items: items.map(presentMapping), next_cursor: null };
    },
  });

  app.post('/v1/workspaces/:key/project-mappings', {
    schema: {
      tags,
      summary: 'Add a project mapping; workspace admin',
      params: mappingsParams,
      body: createMappingBody,
      response: { 201: mappingAnswer },
    },
    handler: async (req, reply) => {
      const { reason, ...mapping } = req.body;
      const created = await createProjectMapping({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key, mapping, reason },
      });
      return reply.code(201).send(presentMapping(created));
    },
  });

  app.patch('/v1/workspaces/:key/project-mappings/:id', {
    schema: {
      tags,
      summary: 'Change a project mapping; workspace admin',
      params: mappingParams,
      body: updateMappingBody,
      response: { 200: mappingAnswer },
    },
    handler: async (req) => {
      const { reason, ...changes } = req.body;
      const mapping = await updateProjectMapping({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key, id: req.params.id, changes, reason },
      });
      return presentMapping(mapping);
    },
  });

  app.delete('/v1/workspaces/:key/project-mappings/:id', {
    schema: {
      tags,
      summary: 'Remove a project mapping; workspace admin',
      params: mappingParams,
      querystring: reasonQuery,
    },
    handler: async (req, reply) => {
      await deleteProjectMapping({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key, id: req.params.id, reason: req.query.reason },
      });
      return reply.code(204).send();
    },
  });
}
