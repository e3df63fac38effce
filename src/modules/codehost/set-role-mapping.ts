import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict } from '../../platform/http/errors.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { appendAudit } from '../audit/index.ts';
import type { ProjectRole } from '../tenancy/index.ts';
import { CODEHOST_PERMISSIONS, effectiveMapping, type CodehostPermission } from './role-mapping.ts';
import { codehostInstallations } from './table.ts';

/**
 * A workspace's mapping of code host permissions to project roles (a permission left out keeps its
 * default; null gives no role). Stored with the installation, so an admin sets it once connected;
 * the next permission sync applies it. Audited with the whole effective mapping.
 */
export async function setRoleMapping({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; mapping: Partial<Record<CodehostPermission, ProjectRole | null>> };
}): Promise<Record<CodehostPermission, ProjectRole | null>> {
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
    const stored = Object.fromEntries(
      CODEHOST_PERMISSIONS.filter((p) => input.mapping[p] !== undefined).map((p) => [
        p,
        input.mapping[p] ?? null,
      ]),
    );
    const [installation] = await ctx.db
      .update(codehostInstallations)
      .set({ roleMapping: stored })
      .where(eq(codehostInstallations.workspaceId, access.workspace.id))
      .returning();
    if (!installation) {
      throw conflict(`Workspace ${access.workspace.key} has no code host installation; connect one first`);
    }
    const mapping = effectiveMapping(stored);
    await appendAudit(ctx, {
      workspaceId: access.workspace.id,
      action: 'codehost.role_mapping.updated',
      target: { type: 'codehost_installation', id: String(installation.installationId) },
      params: { mapping },
    });
    return mapping;
  });
}
