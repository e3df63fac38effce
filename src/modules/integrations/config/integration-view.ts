import type { z } from 'zod';
import type { EffectiveIntegration } from './effective-integration.ts';
import { SECRET_FIELDS } from './providers.ts';
import type { integrationAnswer } from './schemas.ts';

/** A provider as reads show it: never a secret, only whether one is set (`has_<field>`). */
export type IntegrationView = z.output<typeof integrationAnswer>;

export function integrationView(e: EffectiveIntegration, secretsUnreadable = false): IntegrationView {
  const secret = SECRET_FIELDS[e.provider];
  const fields: Record<string, unknown> = e.fields;
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (!secret.includes(k)) config[k] = v;
  for (const k of secret) config[`has_${k}`] = fields[k] !== undefined;
  return {
    provider: e.provider,
    enabled: e.enabled,
    configured: e.configured,
    missing: e.missing,
    source: e.source,
    locked: e.locked,
    config,
    field_sources: e.fieldSources,
    secrets_unreadable: secretsUnreadable,
    updated_at: e.updatedAt?.toISOString() ?? null,
  };
}
