import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import {
  projectMembers,
  projects,
  workspaceMembers,
  workspaces,
  type ProjectRole,
  type ProjectRow,
} from '../tenancy/index.ts';
import { accessRead } from './access-cache.ts';
import { projectRank } from './roles.ts';
import {
  callersMembership,
  requireUser,
  workspaceAccessOf,
  type WorkspaceAccess,
} from './workspace-access.ts';
import type { Db } from '../../platform/db/database.ts';

export interface ProjectAccess {
  workspaceAccess: WorkspaceAccess;
  project: ProjectRow;
  /** Effective role: a workspace owner or admin is maintainer of every project. */
  role: ProjectRole;
  memberRole: ProjectRole | null;
}

/** What the access query reads: the workspace, the project (if any) and the caller's roles in them. */
type Found = Awaited<ReturnType<ReturnType<typeof projectAccessQuery>['execute']>>[number];

/**
 * Loads a project the caller can read and checks their role; projects they cannot see are
 * `not_found`. Outside a transaction the rows may come from the access cache: they are frozen.
 */
export async function requireProjectRole(
  ctx: Ctx,
  workspaceKey: string,
  projectKey: string,
  minRole: ProjectRole,
): Promise<ProjectAccess> {
  const actor = requireUser(ctx);
  // One round trip: the workspace with the caller's membership, and the project with theirs;
  // outside a transaction, none while the access cache holds them (ADR 0017).
  const read = accessRead<Found>(ctx, `p\0${actor.userId}\0${workspaceKey}\0${projectKey}`);
  let found = read?.cached;
  if (!found) {
    [found] = await prepared(ctx.db, 'project_access', projectAccessQuery).execute({
      userId: actor.userId,
      workspaceKey,
      projectKey,
    });
    if (found?.project) read?.keep(found);
  }
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
