import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { requireWorkspaceRole, type WorkspaceAccess } from '../workspaces/access.ts';
import { projectRank } from '../workspaces/roles.ts';
import { projectMembers, projects, type ProjectRole, type ProjectRow } from './table.ts';

export interface ProjectAccess {
  workspaceAccess: WorkspaceAccess;
  project: ProjectRow;
  /** Effective role: a workspace owner or admin is maintainer of every project. */
  role: ProjectRole;
  memberRole: ProjectRole | null;
}

/** Loads a project the caller can read and checks their role; projects they cannot see are `not_found`. */
export async function requireProjectRole(
  ctx: Ctx,
  workspaceKey: string,
  projectKey: string,
  minRole: ProjectRole,
): Promise<ProjectAccess> {
  const workspaceAccess = await requireWorkspaceRole(ctx, workspaceKey, 'member');
  const [row] = await ctx.db
    .select({ project: projects, memberRole: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, workspaceAccess.actor.userId)),
    )
    .where(and(eq(projects.workspaceId, workspaceAccess.workspace.id), eq(projects.key, projectKey)))
    .limit(1);
  const role = workspaceAccess.role === 'member' ? row?.memberRole : 'maintainer';
  if (!row || !role) throw notFound(`Project ${projectKey}`);
  if (projectRank(role) < projectRank(minRole))
    throw forbidden(`Requires the project ${minRole} role or higher`);
  return { workspaceAccess, project: row.project, role, memberRole: row.memberRole };
}
