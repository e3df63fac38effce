import { PROVIDERS } from '../../../config/index.ts';
import type { Ctx } from '../../../platform/context.ts';
import { effectiveFor } from './effective-integration.ts';
import { integrationView, type IntegrationView } from './integration-view.ts';
import { savedIntegrations } from './saved-integrations.ts';
import { requireWorkspaceRole } from '../../access/index.ts';

/** Every provider of a workspace as it applies, without secrets; workspace admins only. */
export async function listIntegrations({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string };
}): Promise<IntegrationView[]> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
  const saved = await savedIntegrations(ctx, access.workspace.id);
  return PROVIDERS.map((p) =>
    integrationView(effectiveFor(ctx.config.integrations, p, saved), saved.get(p)?.secretsUnreadable),
  );
}
