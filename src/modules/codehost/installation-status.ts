import { and, count, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { users } from '../tenancy/index.ts';
import { requireCodehostApp } from './codehost-app.ts';
import { codehostInstallations, codehostRepos, type InstallationRow } from './table.ts';

export interface InstallationStatus {
  workspace_key: string;
  webhooks_enabled: boolean;
  installation: (InstallationRow & { connectedByEmail: string | null }) | null;
  repository_count: number;
}

/** Whether the workspace has an installation, whose, reaching what, and how its last sync went. Member. */
export async function installationStatus({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<InstallationStatus> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  const app = requireCodehostApp(ctx);
  const ws = access.workspace;
  const [row] = await ctx.db
    .select({ installation: codehostInstallations, email: users.email })
    .from(codehostInstallations)
    .leftJoin(users, eq(users.id, codehostInstallations.connectedBy))
    .where(eq(codehostInstallations.workspaceId, ws.id));
  const [repos] = row
    ? await ctx.db
        .select({ n: count() })
        .from(codehostRepos)
        .where(and(eq(codehostRepos.workspaceId, ws.id), eq(codehostRepos.active, true)))
    : [{ n: 0 }];
  return {
    workspace_key: ws.key,
    webhooks_enabled: app.webhooksEnabled,
    installation: row ? { ...row.installation, connectedByEmail: row.email } : null,
    repository_count: Number(repos?.n ?? 0),
  };
}
