import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { imports, type ImportRow } from './table.ts';
import { requireProjectRole, requireWorkspaceRole } from '../access/index.ts';
import { projectMembers, projects } from '../tenancy/index.ts';

/**
 * Imports of a workspace, newest first: workspace owners and admins see all; members see those of
 * projects where their role meets the workspace's raw_access_min_role.
 */
export async function listImports({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key: string;
    project_key?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  };
}): Promise<{ page: Page<{ row: ImportRow; projectKey: string }>; workspaceKey: string }> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  const ws = access.workspace;
  const project = input.project_key
    ? await requireProjectRole(ctx, ws.key, input.project_key, 'reader')
    : undefined;
  const allowed = ws.rawAccessMinRole === 'maintainer' ? ['maintainer'] : ['maintainer', 'writer'];
  const visible =
    access.role === 'member'
      ? inArray(
          imports.projectId,
          ctx.db
            .select({ id: projectMembers.projectId })
            .from(projectMembers)
            .where(
              and(
                eq(projectMembers.userId, access.actor.userId),
                inArray(projectMembers.role, allowed as ('maintainer' | 'writer')[]),
              ),
            ),
        )
      : undefined;
  const before = keyCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select({ row: imports, projectKey: projects.key })
    .from(imports)
    .innerJoin(projects, eq(projects.id, imports.projectId))
    .where(
      and(
        eq(imports.workspaceId, ws.id),
        project ? eq(imports.projectId, project.project.id) : undefined,
        visible,
        before ? lt(imports.id, before) : undefined,
      ),
    )
    .orderBy(desc(imports.id))
    .limit(input.limit + 1);
  return { page: page(rows, input.limit, (r) => r.row.id), workspaceKey: ws.key };
}
