import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { requireProjectRole, type ProjectAccess } from '../access/index.ts';
import type { ProjectRole } from '../tenancy/index.ts';
import { projects, workspaces } from '../tenancy/index.ts';
import { activeWorkItems, type ItemRow } from './table.ts';

/**
 * An item and the caller's access to its project, at `minRole`: an item of a project the caller
 * cannot see is `not_found`, like one that does not exist. With `lock`, the item's row is locked
 * (inside a transaction) so a concurrent change waits.
 */
export async function requireItem(
  ctx: Ctx,
  itemId: string,
  minRole: ProjectRole,
  options: { lock?: boolean } = {},
): Promise<{ item: ItemRow; access: ProjectAccess }> {
  const query = ctx.db
    .select({ item: activeWorkItems, projectKey: projects.key, workspaceKey: workspaces.key })
    .from(activeWorkItems)
    .innerJoin(projects, eq(projects.id, activeWorkItems.projectId))
    .innerJoin(workspaces, eq(workspaces.id, activeWorkItems.workspaceId))
    .where(eq(activeWorkItems.id, itemId));
  const [found] = options.lock ? await query.for('update', { of: activeWorkItems }) : await query;
  if (!found) throw notFound(`Active Work item ${itemId} not found`);
  const access = await requireProjectRole(ctx, found.workspaceKey, found.projectKey, minRole);
  return { item: found.item, access };
}
