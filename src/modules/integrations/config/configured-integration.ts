import type { Provider } from '../../../config/index.ts';
import type { Ctx } from '../../../platform/context.ts';
import { missing } from '../../../platform/missing.ts';
import { integrationNotConfigured } from '../../../platform/http/errors.ts';
import {
  effectiveFor,
  isConfigured,
  type EffectiveIntegration,
  providersNeeded,
  type ConfiguredIntegration,
} from './effective-integration.ts';
import { savedIntegrations } from './saved-integrations.ts';
import type { WorkspaceAccess } from '../../access/index.ts';

const ENV_PREFIX: Record<Provider, string> = {
  tracker: 'SERVICE_TRACKER_',
  wiki: 'SERVICE_WIKI_',
  chat: 'SERVICE_AUDIT_CHAT_',
  audit_reasoner: 'SERVICE_AUDIT_REASONER_',
};

/**
 * What applies to `provider` in a workspace, for the server's own use (no caller's access is
 * checked): chat forwarding reads it when an audit entry is written and when it is delivered.
 */
export async function integrationIn<P extends Provider>(
  ctx: Ctx,
  workspaceId: string,
  provider: P,
): Promise<EffectiveIntegration<P>> {
  const [integration = missing(`the ${provider} integration`)] = await integrationsIn(ctx, workspaceId, [
    provider,
  ]);
  return integration;
}

/** What applies to each of `providers` in a workspace, read in one query (as integrationIn). */
export async function integrationsIn<P extends Provider>(
  ctx: Ctx,
  workspaceId: string,
  providers: readonly P[],
): Promise<Array<EffectiveIntegration<P>>> {
  const saved = await savedIntegrations(ctx, workspaceId, [...new Set(providers.flatMap(providersNeeded))]);
  return providers.map((provider) => effectiveFor(ctx.config.integrations, provider, saved));
}

/**
 * The configuration of `provider` that applies in a workspace (the caller's access checked), or
 * `integration_not_configured` saying what is missing (or that it is disabled) and where to set it.
 */
export async function configuredIntegration<P extends Provider>(
  ctx: Ctx,
  access: WorkspaceAccess,
  provider: P,
): Promise<ConfiguredIntegration<P>> {
  const workspaceKey = access.workspace.key;
  const saved = await savedIntegrations(ctx, access.workspace.id, providersNeeded(provider));
  const integration = effectiveFor(ctx.config.integrations, provider, saved);
  if (!isConfigured(integration)) {
    throw integrationNotConfigured(
      `${provider} in workspace ${workspaceKey} has no ${integration.missing.join(', ')} (save them with PUT /v1/integrations or set ${ENV_PREFIX[provider]}*)`,
    );
  }
  if (!integration.enabled) {
    throw integrationNotConfigured(`${provider} is disabled in workspace ${workspaceKey}`);
  }
  return integration;
}
