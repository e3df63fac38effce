import { and, desc, eq, like, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { likePrefix } from '../../platform/db/like-prefix.ts';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import { jobs } from '../../platform/jobs/table.ts';
import { jobsInStatus, type DeliveryStatus } from './delivery-status.ts';
import { deliveryView, type DeliveryView } from './delivery-view.ts';
import { deliveries } from './table.ts';
import { requireWorkspaceRole } from '../access/index.ts';

/** A workspace's deliveries, newest first; workspace admins. */
export async function listDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    key: string;
    status?: DeliveryStatus | undefined;
    channel?: string | undefined;
    action?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  };
}): Promise<Page<DeliveryView>> {
  const access = await requireWorkspaceRole(ctx, input.key, 'admin');
  const after = keyCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select({ delivery: deliveries, job: jobs })
    .from(deliveries)
    .innerJoin(jobs, eq(jobs.id, deliveries.jobId))
    .where(
      and(
        eq(deliveries.workspaceId, access.workspace.id),
        input.status ? jobsInStatus(input.status) : undefined,
        input.channel ? eq(deliveries.channel, input.channel) : undefined,
        input.action ? like(deliveries.action, likePrefix(input.action)) : undefined,
        after ? lt(deliveries.id, after) : undefined,
      ),
    )
    .orderBy(desc(deliveries.id))
    .limit(input.limit + 1);
  const listed = page(rows, input.limit, (r) => r.delivery.id);
  return { ...listed, items: listed.items.map((r) => deliveryView(r.delivery, r.job)) };
}
