import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { outboundPolicies, type OutboundIntegrationType, type OutboundPolicyRow } from './table.ts';

/** A workspace's policy for one integration type, or null when it has none of its own. */
export async function outboundPolicy(
  ctx: Ctx,
  workspaceId: string,
  integrationType: OutboundIntegrationType,
): Promise<OutboundPolicyRow | null> {
  const [row] = await ctx.db
    .select()
    .from(outboundPolicies)
    .where(
      and(
        eq(outboundPolicies.workspaceId, workspaceId),
        eq(outboundPolicies.integrationType, integrationType),
      ),
    )
    .limit(1);
  return row ?? null;
}
