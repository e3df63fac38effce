import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import {
  callersMembership,
  requireUser,
  workspaceAccessOf,
  type WorkspaceAccess,
  workspaceMembers,
  workspaces,
  projectRank,
} from '../workspaces/index.ts';
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
  const actor = requireUser(ctx);
  // One round trip: the workspace with the caller's membership, and the project with theirs.
  const [found] = await prepared(ctx.db, 'project_access', projectAccessQuery).execute({
    userId: actor.userId,
    workspaceKey,
    projectKey,
  });
  const workspaceAccess = workspaceAccessOf(
    actor,
    found && { workspace: found.workspace, memberRole: found.workspaceRole },
    workspaceKey,
    'member',
  );
  const row = found?.project ? { project: found.project, memberRole: found.memberRole } : undefined;
  const role = workspaceAccess.role === 'member' ? row?.memberRole : 'maintainer';
  if (!row || !role) throw notFound(`Project ${projectKey}`);
  if (projectRank(role) < projectRank(minRole))
    throw forbidden(`Requires the project ${minRole} role or higher`);
  return { workspaceAccess, project: row.project, role, memberRole: row.memberRole };
}

const projectAccessQuery = (db: Db) =>
  db
    .select({
      workspace: workspaces,
      workspaceRole: workspaceMembers.role,
      project: projects,
      memberRole: projectMembers.role,
    })
    .from(workspaces)
    .leftJoin(workspaceMembers, callersMembership({ userId: sql.placeholder('userId') }))
    .leftJoin(
      projects,
      and(eq(projects.workspaceId, workspaces.id), eq(projects.key, sql.placeholder('projectKey'))),
    )
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, sql.placeholder('userId'))),
    )
    .where(eq(workspaces.key, sql.placeholder('workspaceKey')))
    .limit(1)
    .prepare('ctxhub_project_access');
