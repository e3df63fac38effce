import { and, asc, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { decodeCursor, page, type Page } from '../../platform/http/pagination.ts';
import { users } from '../users/table.ts';
import type { MemberView } from '../workspaces/schemas.ts';
import { requireProjectRole } from './access.ts';
import type { ProjectRef } from './project-membership-change.ts';
import { projectMembers } from './table.ts';

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
