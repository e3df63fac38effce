import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { addWorkspaceMember } from './add-workspace-member.ts';
import { changeWorkspaceMemberRole } from './change-workspace-member-role.ts';
import { createWorkspace } from './create-workspace.ts';
import { getWorkspace } from './get-workspace.ts';
import { listWorkspaceMembers } from './list-workspace-members.ts';
import { listWorkspaces } from './list-workspaces.ts';
import { removeWorkspaceMember } from './remove-workspace-member.ts';
import {
  createWorkspaceBody,
  listQuery,
  presentWorkspace,
  updateWorkspaceBody,
  workspaceAnswer,
  workspaceList,
  workspaceParams,
} from './schemas.ts';
import {
  addMemberBody,
  changeMemberBody,
  memberAnswer,
  memberList,
  memberParams,
  presentMember,
} from './member-schemas.ts';
import { updateWorkspaceSettings } from './update-workspace-settings.ts';

const tags = ['workspaces'];

export function workspaceRoutes(app: App, deps: AppDeps): void {
  app.post('/v1/workspaces', {
    schema: {
      tags,
      summary: 'Create a workspace (server admin); the caller becomes its owner',
      body: createWorkspaceBody,
      response: { 201: workspaceAnswer },
    },
    handler: async (req, reply) => {
      const row = await createWorkspace({ ctx: contextOf(deps, req), input: req.body });
      return reply.code(201).send(presentWorkspace(row, 'owner'));
    },
  });

  app.get('/v1/workspaces', {
    schema: {
      tags,
      summary: 'Workspaces the caller belongs to (all of them for a server admin)',
      querystring: listQuery,
      response: { 200: workspaceList },
    },
    handler: async (req) => {
      const result = await listWorkspaces({ ctx: contextOf(deps, req), input: req.query });
      return presentPage(result, (r) => presentWorkspace(r.workspace, r.role));
    },
  });

  app.get('/v1/workspaces/:key', {
    schema: {
      tags,
      summary: 'A workspace with all its settings; member',
      params: workspaceParams,
      response: { 200: workspaceAnswer },
    },
    handler: async (req) => {
      const access = await getWorkspace({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key },
      });
      return presentWorkspace(access.workspace, access.memberRole);
    },
  });

  app.patch('/v1/workspaces/:key', {
    schema: {
      tags,
      summary: 'Change settings (partial) with an optional reason; admin. Audited workspace_settings.updated',
      params: workspaceParams,
      body: updateWorkspaceBody,
      response: { 200: workspaceAnswer },
    },
    handler: async (req) => {
      const access = await updateWorkspaceSettings({
        ctx: contextOf(deps, req),
        input: { ...req.body, workspace_key: req.params.key },
      });
      return presentWorkspace(access.workspace, access.memberRole);
    },
  });

  app.get('/v1/workspaces/:key/members', {
    schema: {
      tags,
      summary: 'Workspace members; member',
      params: workspaceParams,
      querystring: listQuery,
      response: { 200: memberList },
    },
    handler: async (req) => {
      const result = await listWorkspaceMembers({
        ctx: contextOf(deps, req),
        input: { ...req.query, workspace_key: req.params.key },
      });
      return presentPage(result, presentMember);
    },
  });

  app.post('/v1/workspaces/:key/members', {
    schema: {
      tags,
      summary: 'Add a member by user_id or email; admin, never above your own role',
      params: workspaceParams,
      body: addMemberBody,
      response: { 201: memberAnswer },
    },
    handler: async (req, reply) => {
      const member = await addWorkspaceMember({
        ctx: contextOf(deps, req),
        input: { ...req.body, workspace_key: req.params.key },
      });
      return reply.code(201).send(presentMember(member));
    },
  });

  app.patch('/v1/workspaces/:key/members/:userId', {
    schema: {
      tags,
      summary: "Change a member's role; admin, never above your own role; the last owner stays",
      params: memberParams,
      body: changeMemberBody,
      response: { 200: memberAnswer },
    },
    handler: async (req) =>
      presentMember(
        await changeWorkspaceMemberRole({
          ctx: contextOf(deps, req),
          input: { workspace_key: req.params.key, user_id: req.params.userId, role: req.body.role },
        }),
      ),
  });

  app.delete('/v1/workspaces/:key/members/:userId', {
    schema: {
      tags,
      summary: 'Remove a member (and their project memberships in this workspace); admin',
      params: memberParams,
    },
    handler: async (req, reply) => {
      await removeWorkspaceMember({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key, user_id: req.params.userId },
      });
      return reply.code(204).send();
    },
  });
}
