import { PROVIDERS, type Provider } from '../../config/index.ts';
import type { Ctx } from '../../platform/context.ts';
import { requireWorkspaceRole } from '../workspaces/access.ts';
import { effectiveIntegration, type EffectiveIntegration } from './effective-integration.ts';
import { integrationView, type IntegrationView } from './integration-view.ts';
import { savedIntegrations, type OpenedIntegration } from './saved-integrations.ts';

/** What applies to every provider of a workspace, given its saved configurations. */
export function effectiveIntegrations(
  ctx: Ctx,
  saved: Map<Provider, OpenedIntegration>,
): Record<Provider, EffectiveIntegration> {
  const env = ctx.config.integrations;
  const tracker = effectiveIntegration(env, 'tracker', saved.get('tracker'));
  return {
    tracker,
    wiki: effectiveIntegration(env, 'wiki', saved.get('wiki'), tracker),
    chat: effectiveIntegration(env, 'chat', saved.get('chat')),
    audit_reasoner: effectiveIntegration(env, 'audit_reasoner', saved.get('audit_reasoner')),
  };
}

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
  const effective = effectiveIntegrations(ctx, saved);
  return PROVIDERS.map((p) => integrationView(effective[p], saved.get(p)?.secretsUnreadable ?? false));
}
