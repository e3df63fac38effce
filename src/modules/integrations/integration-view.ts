import type { Provider } from '../../config/index.ts';
import type { EffectiveIntegration, FieldSource } from './effective-integration.ts';
import { SECRET_FIELDS } from './providers.ts';

/** A provider as reads show it: never a secret, only whether one is set (`has_<field>`). */
export interface IntegrationView {
  provider: Provider;
  enabled: boolean;
  configured: boolean;
  missing: string[];
  source: 'workspace' | 'env' | 'none';
  locked: boolean;
  config: Record<string, unknown>;
  field_sources: Record<string, FieldSource>;
  secrets_unreadable: boolean;
  updated_at: string | null;
}

export function integrationView(e: EffectiveIntegration, secretsUnreadable = false): IntegrationView {
  const secret = SECRET_FIELDS[e.provider];
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e.fields)) if (!secret.includes(k)) config[k] = v;
  for (const k of secret) config[`has_${k}`] = e.fields[k] !== undefined;
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
