import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/accepts';
import { envelopeOf, toAppError } from '../../platform/http/error-handler.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { connectInstallation } from './connect-installation.ts';
import { getInstallUrl } from './install-url.ts';
import { installationStatus } from './installation-status.ts';
import { listRepos } from './list-repos.ts';
import {
  callbackAnswer,
  callbackQuery,
  installationAnswer,
  installUrlAnswer,
  presentInstallation,
  presentPermissionSync,
  presentRepo,
  presentSync,
  reposAnswer,
  reposQuery,
  roleMappingAnswer,
  roleMappingBody,
  syncAnswer,
  syncPermissionsAnswer,
  syncPermissionsQuery,
  workspaceParams,
} from './schemas.ts';
import { syncRepos } from './sync-repos-verb.ts';
import { syncPermissions } from './sync-permissions-verb.ts';
import { setRoleMapping } from './set-role-mapping.ts';

const tags = ['codehost'];
const prefersHtml = (req: FastifyRequest) =>
  req.accepts().type(['application/json', 'text/html']) === 'text/html';

/** Where a browser lands after the callback: the Admin UI's code host page, told how it went. */
function adminPage(reply: FastifyReply, params: Record<string, string>) {
  return reply.redirect(`/admin/codehost?${new URLSearchParams(params).toString()}`, 303);
}

export function codehostRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/workspaces/:key/codehost/install-url', {
    schema: {
      tags,
      summary:
        'The link that installs the code host app for this workspace (signed state, 10 minutes, one use); admin',
      params: workspaceParams,
      response: { 200: installUrlAnswer },
    },
    handler: async (req) => {
      const answer = await getInstallUrl({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key },
      });
      return { ...answer, expires_at: answer.expires_at.toISOString() };
    },
  });

  app.get('/v1/auth/codehost/callback', {
    config: { public: true },
    schema: {
      tags,
      security: [],
      summary:
        "Where the code host sends the admin after an install: checks the signed state, connects the installation. A browser is redirected to the Admin UI's code host page",
      querystring: callbackQuery,
      response: { 200: callbackAnswer },
    },
    handler: async (req, reply) => {
      const html = prefersHtml(req);
      try {
        const { workspace_key, installation, connectedByEmail } = await connectInstallation({
          ctx: contextOf(deps, req),
          input: req.query,
        });
        const status = presentInstallation({
          workspace_key,
          webhooks_enabled: false,
          installation: { ...installation, connectedByEmail },
          repository_count: 0,
        });
        if (html)
          return adminPage(reply, {
            workspace: workspace_key,
            connected: String(installation.installationId),
          });
        return { workspace_key, connected: true as const, installation: status.installation };
      } catch (error) {
        if (!html) throw error;
        const { error: body } = envelopeOf(toAppError(error, req.log), req.id);
        return adminPage(reply, { connect_error: body.code, message: body.message });
      }
    },
  });

  app.get('/v1/workspaces/:key/codehost/installation', {
    schema: {
      tags,
      summary:
        "The workspace's code host installation: connected or not, account, repositories, last sync; member",
      params: workspaceParams,
      response: { 200: installationAnswer },
    },
    handler: async (req) =>
      presentInstallation(
        await installationStatus({ ctx: contextOf(deps, req), input: { workspace_key: req.params.key } }),
      ),
  });

  app.post('/v1/workspaces/:key/codehost/sync-repos', {
    schema: {
      tags,
      summary: 'Sync the repositories the installation reaches: links added, updated, deactivated; admin',
      params: workspaceParams,
      response: { 200: syncAnswer },
    },
    handler: async (req) =>
      presentSync(await syncRepos({ ctx: contextOf(deps, req), input: { workspace_key: req.params.key } })),
  });

  app.post('/v1/workspaces/:key/codehost/sync-permissions', {
    schema: {
      tags,
      summary:
        "Reconcile the project members of linked repositories with the code host's permissions (dry_run=true: the plan only); admin",
      params: workspaceParams,
      querystring: syncPermissionsQuery,
      response: { 200: syncPermissionsAnswer },
    },
    handler: async (req) =>
      presentPermissionSync(
        await syncPermissions({
          ctx: contextOf(deps, req),
          input: { workspace_key: req.params.key, dry_run: req.query.dry_run },
        }),
      ),
  });

  app.put('/v1/workspaces/:key/codehost/role-mapping', {
    schema: {
      tags,
      summary:
        'Set which project role each code host permission gives (left out: the default; null: none); admin',
      params: workspaceParams,
      body: roleMappingBody,
      response: { 200: roleMappingAnswer },
    },
    handler: async (req) =>
      setRoleMapping({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key, mapping: req.body },
      }),
  });

  app.get('/v1/workspaces/:key/codehost/repos', {
    schema: {
      tags,
      summary: "The workspace's active repositories, by full name (cursor paging); member",
      params: workspaceParams,
      querystring: reposQuery,
      response: { 200: reposAnswer },
    },
    handler: async (req) => {
      const page = await listRepos({
        ctx: contextOf(deps, req),
        input: { workspace_key: req.params.key, ...req.query },
      });
      return { items: page.items.map(presentRepo), next_cursor: page.next_cursor };
    },
  });
}
