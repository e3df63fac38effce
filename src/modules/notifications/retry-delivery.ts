import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { retryFailedJob } from '../../platform/jobs/retry-job.ts';
import { jobs } from '../../platform/jobs/table.ts';
import { appendAudit } from '../audit/index.ts';
import { deliveryStatus } from './delivery-status.ts';
import { deliveryView, type DeliveryView } from './delivery-view.ts';
import { deliveries } from './table.ts';
import { requireWorkspaceRole } from '../access/index.ts';

/**
 * Sends a failed delivery again (a new round of attempts, the first now); workspace admins. Only a
 * failed one: anything else is on its way already (409 says where it stands).
 */
export async function retryDelivery({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { key: string; id: string; reason?: string | undefined };
}): Promise<DeliveryView> {
  return inTransaction(ctx, async (tx) => {
    const access = await requireWorkspaceRole(tx, input.key, 'admin');
    const [found] = await tx.db
      .select({ delivery: deliveries, job: jobs })
      .from(deliveries)
      .innerJoin(jobs, eq(jobs.id, deliveries.jobId))
      .where(and(eq(deliveries.id, input.id), eq(deliveries.workspaceId, access.workspace.id)))
      .for('update', { of: jobs });
    if (!found) throw notFound(`Delivery ${input.id}`);
    const job = await retryFailedJob(tx, found.job.id);
    if (!job)
      throw conflict(
        `Only a failed delivery can be retried; delivery ${input.id} is ${deliveryStatus(found.job)}`,
      );
    await appendAudit(tx, {
      workspaceId: access.workspace.id,
      action: 'integration.delivery_retried',
      target: { type: 'delivery', id: input.id },
      params: {
        workspace_key: access.workspace.key,
        integration: found.delivery.integration,
        audit_id: found.delivery.auditId,
        notified_action: found.delivery.action,
        ...(input.reason ? { reason: input.reason } : {}),
      },
    });
    return deliveryView(found.delivery, job);
  });
}
