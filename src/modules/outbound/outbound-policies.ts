import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { iso } from '../../platform/http/fields.ts';
import { appendAudit } from '../audit/index.ts';
import { outboundPolicy } from './outbound-policy.ts';
import type { policyAnswer } from './schemas.ts';
import {
  outboundPolicies,
  type OutboundIntegrationType,
  type OutboundPolicyRow,
  type TemplateOverrides,
} from './table.ts';
import { requireWorkspaceRole } from '../access/index.ts';

type PolicyView = z.output<typeof policyAnswer>;

function view(
  workspaceKey: string,
  type: OutboundIntegrationType,
  row: OutboundPolicyRow | null,
): PolicyView {
  return {
    workspace_key: workspaceKey,
    integration_type: type,
    locale_default: row?.localeDefault ?? null,
    supported_locales: row?.supportedLocales ?? null,
    template_overrides: row?.templateOverrides ?? {},
    updated_at: row ? iso(row.updatedAt) : null,
  };
}

/** A workspace's policy for one integration type (an empty one when it has none); members. */
export async function getOutboundPolicy({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; integration_type: OutboundIntegrationType };
}): Promise<PolicyView> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  return view(
    access.workspace.key,
    input.integration_type,
    await outboundPolicy(ctx, access.workspace.id, input.integration_type),
  );
}

/** Each `action/locale` whose template was added, changed or removed. */
function changedTemplates(before: TemplateOverrides, after: TemplateOverrides): string[] {
  const keys = new Set<string>();
  for (const side of [before, after])
    for (const [action, byLocale] of Object.entries(side))
      for (const locale of Object.keys(byLocale)) keys.add(`${action}/${locale}`);
  return [...keys]
    .filter((k) => {
      const [action = '', locale = ''] = k.split('/');
      return before[action]?.[locale] !== after[action]?.[locale];
    })
    .sort();
}

/**
 * Replaces a workspace's policy for one integration type (a field left out is cleared);
 * workspace admins. Audited `integration.outbound_policy_updated` with what changed (which
 * templates, not their text); a save that changes nothing writes nothing.
 */
export async function putOutboundPolicy({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key: string;
    integration_type: OutboundIntegrationType;
    locale_default?: string | null | undefined;
    supported_locales?: string[] | null | undefined;
    template_overrides?: TemplateOverrides | undefined;
    reason?: string | undefined;
  };
}): Promise<PolicyView> {
  return inTransaction(ctx, async (tx) => {
    const access = await requireWorkspaceRole(tx, input.workspace_key, 'admin', { lock: true });
    const type = input.integration_type;
    const before = await outboundPolicy(tx, access.workspace.id, type);
    const next = {
      localeDefault: input.locale_default ?? null,
      supportedLocales: input.supported_locales ?? null,
      templateOverrides: input.template_overrides ?? {},
    };
    const templates = changedTemplates(before?.templateOverrides ?? {}, next.templateOverrides);
    const changed = [
      ...((before?.localeDefault ?? null) !== next.localeDefault ? ['locale_default'] : []),
      ...(!isDeepStrictEqual(before?.supportedLocales ?? null, next.supportedLocales)
        ? ['supported_locales']
        : []),
      ...(templates.length > 0 ? ['template_overrides'] : []),
    ];
    if (changed.length === 0) return view(access.workspace.key, type, before);
    const [row] = await tx.db
      .insert(outboundPolicies)
      .values({ workspaceId: access.workspace.id, integrationType: type, ...next, updatedAt: tx.now() })
      .onConflictDoUpdate({
        target: [outboundPolicies.workspaceId, outboundPolicies.integrationType],
        set: { ...next, updatedAt: tx.now() },
      })
      .returning();
    await appendAudit(tx, {
      workspaceId: access.workspace.id,
      action: 'integration.outbound_policy_updated',
      target: { type: 'outbound_policy', id: type },
      params: {
        workspace_key: access.workspace.key,
        integration_type: type,
        changed_fields: changed,
        ...(templates.length > 0 ? { changed_templates: templates } : {}),
        locale_default: next.localeDefault,
        supported_locales: next.supportedLocales,
        reason: input.reason ?? null,
      },
    });
    return view(access.workspace.key, type, row ?? null);
  });
}
