import type { IntegrationEnv, Provider } from '../../../config/index.ts';
import { FIELD_DEFAULTS, REQUIRED_FIELDS } from './providers.ts';
import { siteUrl } from '../provider/base-url.ts';

/** Where a field's value comes from: saved workspace configuration, environment, the tracker's, a default. */
export const FIELD_SOURCES = ['workspace', 'env', 'tracker', 'default'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** A workspace's saved configuration of one provider, secrets opened. */
export interface SavedIntegration {
  enabled: boolean;
  fields: Record<string, unknown>;
  updatedAt: Date;
}

/** What applies to a provider in a workspace. `fields` holds secrets in the clear: never present it. */
export interface EffectiveIntegration {
  provider: Provider;
  enabled: boolean;
  configured: boolean;
  /** Required fields no source gives. */
  missing: string[];
  source: 'workspace' | 'env' | 'none';
  locked: boolean;
  fields: Record<string, unknown>;
  fieldSources: Record<string, FieldSource>;
  updatedAt: Date | null;
}

/**
 * The configuration that applies (docs/api.md#integrations), field by field:
 * saved workspace configuration over environment fallbacks, except `audit_reasoner` (environment
 * first); a locked provider takes the environment only. A wiki on the tracker's site may use the
 * tracker's email and token when it has none of its own (`tracker` is the tracker's answer).
 */
export function effectiveIntegration(
  env: IntegrationEnv,
  provider: Provider,
  saved: SavedIntegration | undefined,
  tracker?: EffectiveIntegration,
): EffectiveIntegration {
  const locked = env.locked.includes(provider);
  const { enabled: envEnabled, ...fromEnv } = env.fallbacks[provider];
  const applied = locked ? undefined : saved;
  const layers: Array<[FieldSource, Record<string, unknown>]> = [
    ['default', FIELD_DEFAULTS[provider] ?? {}],
    ...((provider === 'audit_reasoner'
      ? [
          ['workspace', applied?.fields ?? {}],
          ['env', fromEnv],
        ]
      : [
          ['env', fromEnv],
          ['workspace', applied?.fields ?? {}],
        ]) as Array<[FieldSource, Record<string, unknown>]>),
  ];
  const fields: Record<string, unknown> = {};
  const fieldSources: Record<string, FieldSource> = {};
  for (const [source, values] of layers) {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined || v === null) continue;
      fields[k] = v;
      fieldSources[k] = source;
    }
  }
  if (provider === 'wiki' && tracker && sameSite(fields.base_url, tracker.fields.base_url)) {
    if (fields.email === undefined && fields.api_token === undefined) {
      for (const k of ['email', 'api_token']) {
        if (tracker.fields[k] === undefined) continue;
        fields[k] = tracker.fields[k];
        fieldSources[k] = 'tracker';
      }
    }
  }
  const missing = REQUIRED_FIELDS[provider].filter((k) => fields[k] === undefined);
  const fromEnvUsed = Object.values(fieldSources).includes('env');
  const envOnlyEnabled = typeof envEnabled === 'boolean' ? envEnabled : missing.length === 0;
  const enabled =
    provider === 'audit_reasoner' && typeof envEnabled === 'boolean'
      ? envEnabled
      : applied
        ? applied.enabled
        : fromEnvUsed && envOnlyEnabled;
  return {
    provider,
    enabled,
    configured: missing.length === 0,
    missing,
    source: applied ? 'workspace' : fromEnvUsed ? 'env' : 'none',
    locked,
    fields,
    fieldSources,
    updatedAt: applied?.updatedAt ?? null,
  };
}

function sameSite(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return siteUrl(a).toLowerCase() === siteUrl(b).toLowerCase();
}

/** The saved configurations a provider's effective one depends on: a wiki may borrow the tracker's. */
export const providersNeeded = (provider: Provider): Provider[] =>
  provider === 'wiki' ? ['wiki', 'tracker'] : [provider];

/** What applies to `provider`, given (at least) the saved configurations of providersNeeded. */
export function effectiveFor(
  env: IntegrationEnv,
  provider: Provider,
  saved: ReadonlyMap<Provider, SavedIntegration>,
): EffectiveIntegration {
  const tracker =
    provider === 'wiki' ? effectiveIntegration(env, 'tracker', saved.get('tracker')) : undefined;
  return effectiveIntegration(env, provider, saved.get(provider), tracker);
}
