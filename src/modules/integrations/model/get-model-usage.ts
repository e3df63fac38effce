import type { Ctx } from '../../../platform/context.ts';
import { requireWorkspaceRole } from '../../access/index.ts';
import { modelUsageOf } from './model-usage.ts';

/** A workspace's use of the language model (calls, failures, tokens) and its hourly cap; workspace admins. */
export async function getModelUsage({ ctx, input }: { ctx: Ctx; input: { key: string } }) {
  const access = await requireWorkspaceRole(ctx, input.key, 'admin');
  return {
    workspace_key: access.workspace.key,
    cap_per_hour: ctx.config.integrations.model.hourlyCallCap,
    ...(await modelUsageOf(ctx, access.workspace.id)),
  };
}
