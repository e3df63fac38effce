import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudit, recordAccessChange } from '../audit/index.ts';
import { holdMembership } from '../workspaces/index.ts';
import { projectMembers, projects, type ProjectRole, type ProjectRow } from '../tenancy/index.ts';
import { requireWorkspaceRole } from '../access/index.ts';

/** The repository part of a key (`codehost:acme/api#apps/web` -> `api#apps/web`), a default name. */
export const defaultProjectName = (key: string) =>
  key.slice(key.lastIndexOf('/', key.indexOf('#') < 0 ? undefined : key.indexOf('#')) + 1);

/**
 * Workspace admins create projects; so may members where `auto_create_project` is on, and they
 * become its maintainer. An existing key is a conflict, never a takeover.
 */
export async function createProject({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; key: string; name?: string | undefined };
}): Promise<{ project: ProjectRow; role: ProjectRole }> {
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
    const isAdmin = access.role !== 'member';
    if (!isAdmin && !access.workspace.autoCreateProject) {
      throw forbidden('Requires the workspace admin role (auto_create_project is off in this workspace)');
    }
    // The member becomes maintainer: their workspace membership must outlive this transaction.
    if (!isAdmin && !(await holdMembership(ctx, access.workspace.id, access.actor.userId))) {
      throw notFound(`Workspace ${input.workspace_key}`);
    }
    const now = ctx.now();
    const [project] = await ctx.db
      .insert(projects)
      .values({
        id: newId('prj'),
        workspaceId: access.workspace.id,
        key: input.key,
        name: input.name ?? defaultProjectName(input.key),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!project) throw conflict(`Project ${input.key} already exists in ${access.workspace.key}`);
    await appendAudit(ctx, {
      workspaceId: access.workspace.id,
      action: 'project.created',
      target: { type: 'project', id: project.id },
      params: { workspace_key: access.workspace.key, project_key: project.key, name: project.name },
    });
    if (!isAdmin) {
      await ctx.db
        .insert(projectMembers)
        .values({ projectId: project.id, userId: access.actor.userId, role: 'maintainer', createdAt: now });
      await recordAccessChange(ctx, {
        workspace: access.workspace,
        project,
        targetUserId: access.actor.userId,
        oldRole: null,
        newRole: 'maintainer',
        source: 'system',
        evidence: { reason: 'project_created_by_member' },
      });
    }
    return { project, role: 'maintainer' };
  });
}
