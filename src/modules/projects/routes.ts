import { invalidField } from '../../platform/http/errors.ts';
import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { memberAnswer, memberList, presentMember } from '../workspaces/index.ts';
import { createProject } from './create-project.ts';
import { getProject } from './get-project.ts';
import { listProjects } from './list-projects.ts';
import { addProjectMember } from './add-project-member.ts';
import { changeProjectMemberRole } from './change-project-member-role.ts';
import { listProjectMembers } from './list-project-members.ts';
import { removeProjectMember } from './remove-project-member.ts';
import {
  addProjectMemberBody,
  changeProjectMemberBody,
  createProjectBody,
  inWorkspaceQuery,
  listProjectMembersQuery,
  listProjectsQuery,
  optionalWorkspaceQuery,
  presentProject,
  projectAnswer,
  projectList,
  projectMemberParams,
  projectParams,
  workspaceProjectsParams,
} from './schemas.ts';

const tags = ['projects'];

/** Writes take `workspace_key` in the body or the query (docs/api.md#projects-and-members): one of them. */
function workspaceKeyOf(
  query: { workspace_key?: string | undefined },
  body?: { workspace_key?: string | undefined },
) {
  const fromQuery = query.workspace_key;
  const fromBody = body?.workspace_key;
  if (fromQuery && fromBody && fromQuery !== fromBody) {
    throw invalidField('body.workspace_key', 'differs from the workspace_key query parameter');
  }
  const key = fromBody ?? fromQuery;
  if (!key) throw invalidField('query.workspace_key', 'is required');
  return key;
}

export function projectRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/workspaces/:key/projects', {
    schema: {
      tags,
      summary: 'Create a project; workspace admin, or member where auto_create_project allows it',
      params: workspaceProjectsParams,
      body: createProjectBody,
      response: { 201: projectAnswer },
    },
    handler: async (req, reply) => {
      const { project, role } = await createProject({
        ctx: contextOf(deps, req),
        input: { ...req.body, workspace_key: req.params.key },
      });
      return reply.code(201).send(presentProject(project, req.params.key, role));
    },
  });

  app.get('/v1/workspaces/:key/projects', {
    schema: {
      tags,
      summary: 'Projects the caller can read; member',
      params: workspaceProjectsParams,
      querystring: listProjectsQuery,
      response: { 200: projectList },
    },
    handler: async (req) => {
      const result = await listProjects({
        ctx: contextOf(deps, req),
        input: { ...req.query, workspace_key: req.params.key },
      });
      return presentPage(result.page, (r) => presentProject(r.project, result.workspaceKey, r.role));
    },
  });

  app.get('/v1/projects/:key', {
    schema: {
      tags,
      summary: 'A project (key percent-encoded in the path); project reader',
      params: projectParams,
      querystring: inWorkspaceQuery,
      response: { 200: projectAnswer },
    },
    handler: async (req) => {
      const access = await getProject({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.query.workspace_key, project_key: req.params.key },
      });
      return presentProject(access.project, access.workspaceAccess.workspace.key, access.role);
    },
  });

  app.get('/v1/projects/:key/members', {
    schema: {
      tags,
      summary: 'Project members; project reader',
      params: projectParams,
      querystring: listProjectMembersQuery,
      response: { 200: memberList },
    },
    handler: async (req) => {
      const result = await listProjectMembers({
        ctx: contextOf(deps, req),
        input: { ...req.query, project_key: req.params.key },
      });
      return presentPage(result, presentMember);
    },
  });

  app.post('/v1/projects/:key/members', {
    schema: {
      tags,
      summary: 'Add a workspace member to the project; maintainer, never above your own role',
      params: projectParams,
      querystring: optionalWorkspaceQuery,
      body: addProjectMemberBody,
      response: { 201: memberAnswer },
    },
    handler: async (req, reply) => {
      const member = await addProjectMember({
        ctx: contextOf(deps, req),
        input: {
          ...req.body,
          workspace_key: workspaceKeyOf(req.query, req.body),
          project_key: req.params.key,
        },
      });
      return reply.code(201).send(presentMember(member));
    },
  });

  app.patch('/v1/projects/:key/members/:userId', {
    schema: {
      tags,
      summary: "Change a project member's role; maintainer",
      params: projectMemberParams,
      querystring: optionalWorkspaceQuery,
      body: changeProjectMemberBody,
      response: { 200: memberAnswer },
    },
    handler: async (req) =>
      presentMember(
        await changeProjectMemberRole({
          ctx: contextOf(deps, req),
          input: {
            workspace_key: workspaceKeyOf(req.query, req.body),
            project_key: req.params.key,
            user_id: req.params.userId,
            role: req.body.role,
          },
        }),
      ),
  });

  app.delete('/v1/projects/:key/members/:userId', {
    schema: {
      tags,
      summary: 'Remove a project member; maintainer',
      params: projectMemberParams,
      querystring: inWorkspaceQuery,
    },
    handler: async (req, reply) => {
      await removeProjectMember({
        ctx: contextOf(deps, req),
        input: {
          workspace_key: req.query.workspace_key,
          project_key: req.params.key,
          user_id: req.params.userId,
        },
      });
      return reply.code(204).send();
    },
  });
}
