import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { accessChanged } from '../../platform/db/access-changes.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { notFound } from '../../platform/http/errors.ts';
import { appendAudit } from '../audit/index.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { workspaces, type ProjectMapping } from '../tenancy/index.ts';

/**
 * Applies `change` to the workspace's mappings under its row lock (workspace admins only) and
 * audits `project_mapping.<action>` with the mapping and the reason.
 */
export async function changeMappings(
  ctx: Ctx,
  workspaceKey: string,
  action: 'created' | 'updated' | 'deleted',
  reason: string | undefined,
  change: (mappings: ProjectMapping[]) => {
    next: ProjectMapping[];
    mapping: ProjectMapping;
    changed?: string[];
  },
): Promise<ProjectMapping> {
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, workspaceKey, 'admin', { lock: true });
    const { next, mapping, changed } = change(access.workspace.projectMappings);
    if (changed?.length === 0) return mapping;
    await ctx.db
      .update(workspaces)
      .set({ projectMappings: next, updatedAt: ctx.now() })
      .where(eq(workspaces.id, access.workspace.id));
    await accessChanged(ctx);
    await appendAudit(ctx, {
      workspaceId: access.workspace.id,
      action: `project_mapping.${action}`,
      target: { type: 'project_mapping', id: mapping.id },
      params: {
        workspace_key: access.workspace.key,
        mapping,
        ...(changed ? { changed_fields: changed } : {}),
        reason: reason ?? null,
      },
    });
    return mapping;
  });
}

export function requireMapping(mappings: ProjectMapping[], id: string): ProjectMapping {
  const found = mappings.find((m) => m.id === id);
  if (!found) throw notFound(`Project mapping ${id}`);
  return found;
}
