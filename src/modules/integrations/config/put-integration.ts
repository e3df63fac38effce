import type { Ctx } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { conflict, invalidField, providerLocked } from '../../../platform/http/errors.ts';
import { outboundUrlProblem } from '../../../platform/outbound-address.ts';
import { validated } from '../../../platform/http/validate.ts';
import { appendAudit, canonicalJson } from '../../audit/index.ts';
import { integrationView, type IntegrationView } from './integration-view.ts';
import { effectiveFor, providersNeeded } from './effective-integration.ts';
import { SECRET_FIELDS, splitSecrets, URL_FIELDS } from './providers.ts';
import { putIntegrationBody, type PutIntegrationInput } from './put-integration-input.ts';
import { savedIntegrations, sealSecrets } from './saved-integrations.ts';
import { integrationConfigs } from './table.ts';
import { requireWorkspaceRole } from '../../access/index.ts';

/** Names of fields whose values differ (secrets included by name only). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.filter((k) => canonicalJson(before[k] ?? null) !== canonicalJson(after[k] ?? null));
}

/**
 * Saves a workspace's configuration of one provider (workspace admins): the non-secret fields as
 * given, secrets sealed (left out: kept; `null`: cleared). A provider locked by the environment is
 * refused; URLs pass the outbound guard. Audited `integration.updated` with the provider, whether
 * it is enabled, the names of the changed fields and the reason; never a value of a secret.
 */
export async function putIntegration({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: PutIntegrationInput;
}): Promise<IntegrationView> {
  const body = validated(putIntegrationBody, input);
  const provider = body.provider;
  return inTransaction(ctx, async (ctx) => {
    const access = await requireWorkspaceRole(ctx, body.workspace_key, 'admin', { lock: true });
    if (ctx.config.integrations.locked.includes(provider)) throw providerLocked(provider);
    const config: Record<string, unknown> = body.config;
    for (const field of URL_FIELDS[provider]) {
      const url = config[field];
      const problem =
        typeof url === 'string' ? outboundUrlProblem(url, ctx.config.integrations.allowPrivateNetwork) : null;
      if (problem) throw invalidField(`body.config.${field}`, problem);
    }
    const saved = await savedIntegrations(ctx, access.workspace.id, providersNeeded(provider));
    const before = saved.get(provider);
    const given = splitSecrets(provider, body.config);
    const untouched = SECRET_FIELDS[provider].filter((k) => !(k in given.sealed));
    if (before?.secretsUnreadable && untouched.length > 0) {
      throw conflict(
        `The stored secrets of ${provider} no longer open with this server's encryption key: send ${untouched.join(', ')} again (or null to clear)`,
      );
    }
    const secrets = before ? splitSecrets(provider, before.fields).sealed : {};
    for (const [k, v] of Object.entries(given.sealed)) {
      if (v === null) delete secrets[k];
      else secrets[k] = v;
    }
    const fields = { ...given.open, ...secrets };
    const changed = changedFields(before?.fields ?? {}, fields);
    if (!before || before.enabled !== body.enabled) changed.unshift('enabled');
    if (changed.length > 0) {
      const values = {
        enabled: body.enabled,
        config: given.open,
        sealedSecrets: sealSecrets(ctx, access.workspace.id, provider, secrets),
        updatedBy: access.actor.userId,
        updatedAt: ctx.now(),
      };
      await ctx.db
        .insert(integrationConfigs)
        .values({ workspaceId: access.workspace.id, provider, ...values })
        .onConflictDoUpdate({
          target: [integrationConfigs.workspaceId, integrationConfigs.provider],
          set: values,
        });
      await appendAudit(ctx, {
        workspaceId: access.workspace.id,
        action: 'integration.updated',
        target: { type: 'integration', id: provider },
        params: {
          workspace_key: access.workspace.key,
          provider,
          enabled: body.enabled,
          changed_fields: changed,
          reason: body.reason ?? null,
        },
      });
      saved.set(provider, {
        enabled: body.enabled,
        fields,
        updatedAt: values.updatedAt,
        secretsUnreadable: false,
      });
    }
    return integrationView(
      effectiveFor(ctx.config.integrations, provider, saved),
      saved.get(provider)?.secretsUnreadable,
    );
  });
}
