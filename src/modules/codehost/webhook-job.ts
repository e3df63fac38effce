import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { appendAudit } from '../audit/index.ts';
import type { WorkspaceRow } from '../tenancy/index.ts';
import { setSuspension, suspendedAtOf } from './installation-suspension.ts';
import { syncPermissionsJob } from './sync-permissions-job.ts';
import { syncWorkspaceRepos, workspaceById } from './sync-repos.ts';
import { codehostInstallations, codehostRepos } from './table.ts';
import { queueWorkEvidence, WORK_EVENTS } from './work-events.ts';

const idOf = (value: unknown): number | undefined =>
  value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'number'
    ? (value as { id: number }).id
    : undefined;
const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.flatMap((item) => idOf(item) ?? []) : [];

/** The app was uninstalled: the installation is forgotten and its links deactivated, audited. */
async function removeInstallation(ctx: Ctx, workspace: WorkspaceRow, installationId: number) {
  await inTransaction(ctx, async (ctx) => {
    const [gone] = await ctx.db
      .delete(codehostInstallations)
      .where(
        and(
          eq(codehostInstallations.workspaceId, workspace.id),
          eq(codehostInstallations.installationId, installationId),
        ),
      )
      .returning();
    if (!gone) return;
    const deactivated = await ctx.db
      .update(codehostRepos)
      .set({ active: false, updatedAt: ctx.now() })
      .where(and(eq(codehostRepos.workspaceId, workspace.id), eq(codehostRepos.active, true)))
      .returning({ id: codehostRepos.id });
    await appendAudit(ctx, {
      workspaceId: workspace.id,
      action: 'codehost.installation.removed',
      target: { type: 'codehost_installation', id: String(installationId) },
      params: {
        installation_id: installationId,
        account: gone.accountLogin,
        deactivated: deactivated.length,
      },
    });
  });
}

/** A permission sync of the repositories named (all linked ones when none), grouped under the delivery. */
const permissionSync = (ctx: Ctx, workspace: WorkspaceRow, deliveryId: string, repoIds?: number[]) =>
  inTransaction(ctx, (ctx) =>
    enqueueJobs(ctx, syncPermissionsJob, [
      {
        workspaceId: workspace.id,
        payload: {
          workspace_id: workspace.id,
          trigger: 'webhook',
          correlation_id: deliveryId,
          ...(repoIds ? { repo_ids: repoIds } : {}),
        },
      },
    ]),
  );

/**
 * One code host webhook delivery, handled: `installation` (uninstalled: forgotten; suspended: kept
 * as such, and syncs wait; unsuspended or otherwise: a repository sync), `installation_repositories` and `repository` (a repository sync, then the
 * permissions of the repositories named), `member` and `team_add` (the permissions of that
 * repository), `membership`, `team` and `organization` (the permissions of every linked
 * repository), `push` and `pull_request` (Active Work evidence of the repository's project).
 * Permission changes and evidence carry the delivery id as their correlation id.
 */
export const webhookJob = defineJob({
  kind: 'codehost.webhook',
  payload: z.object({
    delivery_id: z.string().min(1).max(100),
    event: z.string().min(1).max(60),
    body: z.record(z.string(), z.json()),
  }),
  async handle({ payload, ctx }) {
    const installationId = idOf(payload.body.installation);
    const [installation] = installationId
      ? await ctx.db
          .select()
          .from(codehostInstallations)
          .where(eq(codehostInstallations.installationId, installationId))
      : [];
    const workspace = installation && (await workspaceById(ctx, installation.workspaceId));
    if (!installation || !workspace || !ctx.config.codehost) return;
    const { event, body, delivery_id: deliveryId } = payload;
    const repoId = idOf(body.repository);
    if ((WORK_EVENTS as readonly string[]).includes(event)) {
      return queueWorkEvidence(ctx, workspace, event as (typeof WORK_EVENTS)[number], body, deliveryId);
    }
    if (event === 'installation') {
      if (body.action === 'deleted') return removeInstallation(ctx, workspace, installation.installationId);
      if (body.action === 'suspend') {
        return void (await setSuspension(ctx, workspace, installation, suspendedAtOf(body, ctx.now())));
      }
      if (body.action === 'unsuspend') await setSuspension(ctx, workspace, installation, null);
      await syncWorkspaceRepos(ctx, workspace, 'webhook');
      return void (await permissionSync(ctx, workspace, deliveryId));
    }
    if (event === 'installation_repositories' || event === 'repository') {
      await syncWorkspaceRepos(ctx, workspace, 'webhook');
      const named = event === 'repository' ? (repoId ? [repoId] : []) : idsOf(body.repositories_added);
      if (named.length > 0) await permissionSync(ctx, workspace, deliveryId, named);
      return;
    }
    if ((event === 'member' || event === 'team_add') && repoId) {
      return void (await permissionSync(ctx, workspace, deliveryId, [repoId]));
    }
    await permissionSync(ctx, workspace, deliveryId);
  },
});
