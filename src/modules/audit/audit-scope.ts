import type { Ctx } from '../../platform/context.ts';
import { SERVER_CHAIN } from './audit-entries.ts';
import { requireServerAdmin, requireWorkspaceRole } from '../access/index.ts';

export interface AuditScope {
  chain: string;
  workspaceId: string | null;
  workspaceKey: string | null;
}

/** A workspace's log (workspace admins) or, without a workspace, the server-level log (server admins). */
export async function requireAuditScope(ctx: Ctx, workspaceKey: string | undefined): Promise<AuditScope> {
  if (workspaceKey === undefined) {
    requireServerAdmin(ctx);
    return { chain: SERVER_CHAIN, workspaceId: null, workspaceKey: null };
  }
  const { workspace } = await requireWorkspaceRole(ctx, workspaceKey, 'admin');
  return { chain: workspace.id, workspaceId: workspace.id, workspaceKey: workspace.key };
}
