import { and, asc, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { decodeCursor, page, type Page } from '../../platform/http/pagination.ts';
import { users } from '../users/table.ts';
import { requireWorkspaceRole } from './access.ts';
import type { MemberView } from './schemas.ts';
import { workspaceMembers } from './table.ts';

export async function listWorkspaceMembers({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; limit: number; cursor?: string | undefined };
}): Promise<Page<MemberView>> {
  const { workspace } = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  const after = decodeCursor(input.cursor);
  const rows = await ctx.db
    .select({
      userId: workspaceMembers.userId,
      email: users.email,
      name: users.name,
      role: workspaceMembers.role,
      createdAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspace.id),
        after ? gt(workspaceMembers.userId, after) : undefined,
      ),
    )
    .orderBy(asc(workspaceMembers.userId))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => r.userId);
}
