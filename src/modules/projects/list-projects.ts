import { and, desc, eq, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { projectMembers, projects, type ProjectRole, type ProjectRow } from '../tenancy/index.ts';
import { requireWorkspaceRole } from '../access/index.ts';

/** Projects the caller can read: all for workspace owners and admins, their own for members. */
export async function listProjects({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; limit: number; cursor?: string | undefined };
}): Promise<{ workspaceKey: string; page: Page<{ project: ProjectRow; role: ProjectRole }> }> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  const after = keyCursor.decode(input.cursor)?.id;
  const where = and(
    eq(projects.workspaceId, access.workspace.id),
    after ? lt(projects.id, after) : undefined,
  );
  const rows =
    access.role === 'member'
      ? await ctx.db
          .select({ project: projects, role: projectMembers.role })
          .from(projects)
          .innerJoin(
            projectMembers,
            and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, access.actor.userId)),
          )
          .where(where)
          .orderBy(desc(projects.id))
          .limit(input.limit + 1)
      : (
          await ctx.db
            .select()
            .from(projects)
            .where(where)
            .orderBy(desc(projects.id))
            .limit(input.limit + 1)
        ).map((project) => ({ project, role: 'maintainer' as const }));
  return { workspaceKey: access.workspace.key, page: page(rows, input.limit, (r) => r.project.id) };
}
