import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { WorkspaceRow } from '../tenancy/index.ts';
import { codehostInstallations, type InstallationRow } from './table.ts';

/**
 * The workspace's installation, ready to sync: 409 when it has none (connect one first) or when the
 * code host has suspended it (its tokens are refused until someone unsuspends it there).
 */
export async function activeInstallation(ctx: Ctx, workspace: WorkspaceRow): Promise<InstallationRow> {
  const [installation] = await ctx.db
    .select()
    .from(codehostInstallations)
    .where(eq(codehostInstallations.workspaceId, workspace.id));
  if (!installation) {
    throw conflict(
      `Workspace ${workspace.key} has no code host installation; connect one first (GET /v1/workspaces/${workspace.key}/codehost/install-url)`,
    );
  }
  if (installation.suspendedAt) {
    throw conflict(
      `The code host suspended installation ${installation.installationId} on ${installation.suspendedAt.toISOString()}; syncs resume when it is unsuspended there`,
    );
  }
  return installation;
}
