import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import { users } from '../tenancy/index.ts';
import { requireCodehostApp } from './codehost-app.ts';
import { syncWorkspacePermissions, type PermissionSyncResult } from './sync-permissions.ts';

/** `POST .../codehost/sync-permissions`: an admin reconciles project members now, or previews it (`dry_run`). */
export async function syncPermissions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; dry_run: boolean };
}): Promise<PermissionSyncResult & { emails: Map<string, string> }> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
  requireCodehostApp(ctx);
  const result = await syncWorkspacePermissions(ctx, access.workspace, {
    dryRun: input.dry_run,
    trigger: 'manual',
  });
  const { adds, changes, removes } = result.plan;
  const ids = [...new Set([...adds, ...changes, ...removes].map((c) => c.userId))];
  const emails = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const row of rows) emails.set(row.id, row.email);
  }
  return { ...result, emails };
}
