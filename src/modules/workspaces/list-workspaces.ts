import { and, desc, eq, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { requireUser } from '../access/index.ts';
import { workspaceMembers, workspaces, type WorkspaceRole, type WorkspaceRow } from '../tenancy/index.ts';

export interface ListWorkspacesInput {
  limit: number;
  cursor?: string | undefined;
}

export type WorkspaceWithRole = { workspace: WorkspaceRow; role: WorkspaceRole | null };

/** The workspaces the caller belongs to; every workspace for a server administrator. */
export async function listWorkspaces({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ListWorkspacesInput;
}): Promise<Page<WorkspaceWithRole>> {
  const actor = requireUser(ctx);
  const after = keyCursor.decode(input.cursor)?.id;
  const membership = and(
    eq(workspaceMembers.workspaceId, workspaces.id),
    eq(workspaceMembers.userId, actor.userId),
  );
  const query = ctx.db.select({ workspace: workspaces, role: workspaceMembers.role }).from(workspaces);
  const joined = actor.isAdmin
    ? query.leftJoin(workspaceMembers, membership)
    : query.innerJoin(workspaceMembers, membership);
  const rows = await joined
    .where(after ? lt(workspaces.id, after) : undefined)
    .orderBy(desc(workspaces.id))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => r.workspace.id);
}
