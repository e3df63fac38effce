import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { appendAudit } from '../audit/index.ts';
import type { WorkspaceRow } from '../tenancy/index.ts';
import { codehostInstallations, type InstallationRow } from './table.ts';

/**
 * Keeps the code host's suspension of an installation (`suspendedAt`, or null when unsuspended),
 * audited. A delivery that repeats the state already kept changes nothing. Answers whether it
 * changed.
 */
export function setSuspension(
  ctx: Ctx,
  workspace: WorkspaceRow,
  installation: InstallationRow,
  suspendedAt: Date | null,
): Promise<boolean> {
  return inTransaction(ctx, async (ctx) => {
    const changed = await ctx.db
      .update(codehostInstallations)
      .set({ suspendedAt })
      .where(
        and(
          eq(codehostInstallations.id, installation.id),
          suspendedAt
            ? isNull(codehostInstallations.suspendedAt)
            : isNotNull(codehostInstallations.suspendedAt),
        ),
      )
      .returning({ id: codehostInstallations.id });
    if (changed.length === 0) return false;
    await appendAudit(ctx, {
      workspaceId: workspace.id,
      action: suspendedAt ? 'codehost.installation.suspended' : 'codehost.installation.unsuspended',
      target: { type: 'codehost_installation', id: String(installation.installationId) },
      params: { installation_id: installation.installationId, account: installation.accountLogin },
    });
    return true;
  });
}

/** When the code host says it suspended the installation (`installation.suspended_at`), else now. */
export function suspendedAtOf(body: Record<string, unknown>, now: Date): Date {
  const at = (body.installation as { suspended_at?: unknown } | undefined)?.suspended_at;
  const parsed = typeof at === 'string' ? new Date(at) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}
