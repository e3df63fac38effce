import { and, asc, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, page, type Page } from '../../platform/http/pagination.ts';
import { recordAccessChange } from '../audit/record-access-change.ts';
import { users } from '../users/table.ts';
import { findUser } from '../workspaces/find-user.ts';
import { assertWithinCeiling, projectRank, projectRoleOfRank } from '../workspaces/roles.ts';
import type { MemberView } from '../workspaces/schemas.ts';
import { workspaceMembers } from '../workspaces/table.ts';
import { requireProjectRole, type ProjectAccess } from './access.ts';
import { projectMembers, type ProjectRole } from './table.ts';

interface ProjectRef {
  workspace_key: string;
  project_key: string;
}

export async function listProjectMembers({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { limit: number; cursor?: string | undefined };
}): Promise<Page<MemberView>> {
  const { project } = await requireProjectRole(ctx, input.workspace_key, input.project_key, 'reader');
  const after = decodeCursor(input.cursor);
  const rows = await ctx.db
    .select({
      userId: projectMembers.userId,
      email: users.email,
      name: users.name,
      role: projectMembers.role,
      createdAt: projectMembers.createdAt,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(eq(projectMembers.projectId, project.id), after ? gt(projectMembers.userId, after) : undefined),
    )
    .orderBy(asc(projectMembers.userId))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => r.userId);
}

/** Runs a membership change as a project maintainer, in one transaction with its access entry. */
function asMaintainer<T>(ctx: Ctx, ref: ProjectRef, work: (txCtx: Ctx, access: ProjectAccess) => Promise<T>) {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    return work(txCtx, await requireProjectRole(txCtx, ref.workspace_key, ref.project_key, 'maintainer'));
  });
}

const ceiling = (access: ProjectAccess, oldRole: ProjectRole | null, newRole: ProjectRole | null) =>
  assertWithinCeiling(
    projectRank(access.role),
    oldRole && projectRank(oldRole),
    newRole && projectRank(newRole),
    projectRoleOfRank,
  );

const accessChange = (
  access: ProjectAccess,
  userId: string,
  oldRole: ProjectRole | null,
  newRole: ProjectRole | null,
) => ({
  workspace: access.workspaceAccess.workspace,
  project: access.project,
  targetUserId: userId,
  oldRole,
  newRole,
  source: 'manual' as const,
});

async function lockProjectMembership(ctx: Ctx, projectId: string, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .for('update');
  if (!row) throw notFound(`Project member ${userId}`);
  return row;
}

export function addProjectMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { user_id?: string | undefined; email?: string | undefined; role: ProjectRole };
}): Promise<MemberView> {
  return asMaintainer(ctx, input, async (txCtx, access) => {
    ceiling(access, null, input.role);
    const user = await findUser(txCtx.db, input);
    // Locked (key share) so a concurrent removal from the workspace either waits for this
    // insert (and then cascades it) or wins first (and this answers 409): never an orphan row.
    const [inWorkspace] = await txCtx.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, access.project.workspaceId),
          eq(workspaceMembers.userId, user.id),
        ),
      )
      .for('key share');
    if (!inWorkspace) {
      throw conflict(
        `${user.email} is not a member of workspace ${input.workspace_key}; add them there first`,
      );
    }
    const [added] = await txCtx.db
      .insert(projectMembers)
      .values({ projectId: access.project.id, userId: user.id, role: input.role, createdAt: txCtx.now() })
      .onConflictDoNothing()
      .returning();
    if (!added) throw conflict(`${user.email} is already a member of ${access.project.key}`);
    await recordAccessChange(txCtx, accessChange(access, user.id, null, input.role));
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: added.role,
      createdAt: added.createdAt,
    };
  });
}

export function changeProjectMemberRole({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { user_id: string; role: ProjectRole };
}): Promise<MemberView> {
  return asMaintainer(ctx, input, async (txCtx, access) => {
    const current = await lockProjectMembership(txCtx, access.project.id, input.user_id);
    ceiling(access, current.role, input.role);
    const [user] = await txCtx.db.select().from(users).where(eq(users.id, input.user_id));
    if (current.role !== input.role) {
      await txCtx.db
        .update(projectMembers)
        .set({ role: input.role })
        .where(
          and(eq(projectMembers.projectId, access.project.id), eq(projectMembers.userId, input.user_id)),
        );
      await recordAccessChange(txCtx, accessChange(access, input.user_id, current.role, input.role));
    }
    return {
      userId: user!.id,
      email: user!.email,
      name: user!.name,
      role: input.role,
      createdAt: current.createdAt,
    };
  });
}

export function removeProjectMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ProjectRef & { user_id: string };
}): Promise<void> {
  return asMaintainer(ctx, input, async (txCtx, access) => {
    const current = await lockProjectMembership(txCtx, access.project.id, input.user_id);
    ceiling(access, current.role, null);
    await txCtx.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, access.project.id), eq(projectMembers.userId, input.user_id)));
    await recordAccessChange(txCtx, accessChange(access, input.user_id, current.role, null));
  });
}
