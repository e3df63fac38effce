import { and, eq, inArray } from 'drizzle-orm';
import { PROVIDERS, type Provider } from '../../../config/index.ts';
import type { Ctx } from '../../../platform/context.ts';
import { openJson, sealJson, SealedValueError } from '../../../platform/secret-box.ts';
import type { SavedIntegration } from './effective-integration.ts';
import { integrationConfigs, type IntegrationConfigRow } from './table.ts';

/** A saved configuration with its secrets opened; `secretsUnreadable` when they no longer open. */
export interface OpenedIntegration extends SavedIntegration {
  secretsUnreadable: boolean;
}

/** Secrets are bound to their workspace and provider: a sealed value moved elsewhere does not open. */
const sealContext = (workspaceId: string, provider: Provider) => `integration:${workspaceId}:${provider}`;

export function sealSecrets(
  ctx: Ctx,
  workspaceId: string,
  provider: Provider,
  secrets: Record<string, unknown>,
) {
  if (Object.keys(secrets).length === 0) return null;
  return sealJson(ctx.config.secrets.integrationEncryptionKey, sealContext(workspaceId, provider), secrets);
}

/**
 * A row's fields with its secrets opened. Secrets sealed under another key (the server's
 * SERVICE_INTEGRATION_ENCRYPTION_KEY changed) count as absent and are flagged, so an admin can
 * enter them again instead of the integration failing obscurely.
 */
function openIntegration(ctx: Ctx, row: IntegrationConfigRow): OpenedIntegration {
  let secrets: Record<string, unknown> = {};
  let secretsUnreadable = false;
  if (row.sealedSecrets) {
    try {
      const opened = openJson(
        ctx.config.secrets.integrationEncryptionKey,
        sealContext(row.workspaceId, row.provider),
        row.sealedSecrets,
      );
      secrets = opened && typeof opened === 'object' ? (opened as Record<string, unknown>) : {};
    } catch (e) {
      if (!(e instanceof SealedValueError)) throw e;
      secretsUnreadable = true;
    }
  }
  return {
    enabled: row.enabled,
    fields: { ...row.config, ...secrets },
    updatedAt: row.updatedAt,
    secretsUnreadable,
  };
}

/** A workspace's saved configurations of `providers` (all by default), opened: no other secret is. */
export async function savedIntegrations(
  ctx: Ctx,
  workspaceId: string,
  providers: readonly Provider[] = PROVIDERS,
): Promise<Map<Provider, OpenedIntegration>> {
  const rows = await ctx.db
    .select()
    .from(integrationConfigs)
    .where(
      and(
        eq(integrationConfigs.workspaceId, workspaceId),
        inArray(integrationConfigs.provider, [...providers]),
      ),
    );
  return new Map(rows.map((r) => [r.provider, openIntegration(ctx, r)]));
}
