import type { IntegrationEnv, Provider } from '../../../config/index.ts';
import { FIELD_DEFAULTS, REQUIRED_FIELDS, type ConfiguredFields, type ProviderFields } from './providers.ts';
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

/** What applies to provider `P` in a workspace. `fields` holds secrets in the clear: never present it. */
interface EffectiveOf<P extends Provider> {
  provider: P;
  enabled: boolean;
  configured: boolean;
  /** Required fields no source gives. */
  missing: string[];
  source: 'workspace' | 'env' | 'none';
  locked: boolean;
  fields: ProviderFields<P>;
  fieldSources: Record<string, FieldSource>;
  updatedAt: Date | null;
}

/** What applies to one of `P` (every provider by default), told apart by `provider`. */
export type EffectiveIntegration<P extends Provider = Provider> = { [Q in P]: EffectiveOf<Q> }[P];

/** What applies to one of `P` when every field it needs has a value: the call can be made. */
export type ConfiguredIntegration<P extends Provider = Provider> = {
  [Q in P]: EffectiveOf<Q> & { configured: true; fields: ConfiguredFields<Q> };
}[P];

/** Narrows `integration` to a configured one: no required field is missing. */
export const isConfigured = <P extends Provider>(
  integration: EffectiveIntegration<P>,
): integration is ConfiguredIntegration<P> => integration.configured;

/**
 * The configuration that applies (docs/api.md#integrations), field by field:
 * saved workspace configuration over environment fallbacks, except `audit_reasoner` (environment
 * first, its API key the environment's key of the model provider that applies); a locked provider
 * takes the environment only. A wiki on the tracker's site may use the
 * tracker's email and token when it has none of its own (`tracker` is the tracker's answer).
 */
function effectiveIntegration<P extends Provider>(
  env: IntegrationEnv,
  provider: P,
  saved: SavedIntegration | undefined,
  tracker?: EffectiveIntegration<'tracker'>,
): EffectiveIntegration<P> {
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
  if (provider === 'audit_reasoner') {
    // The environment holds one key per model provider: the one of the provider that applies wins.
    const envKey = env.model.apiKeys[fields.llm_provider as keyof IntegrationEnv['model']['apiKeys']];
    if (envKey) {
      fields.api_key = envKey;
      fieldSources.api_key = 'env';
    }
  }
  if (provider === 'wiki' && tracker && sameSite(fields.base_url, tracker.fields.base_url)) {
    if (fields.email === undefined && fields.api_token === undefined) {
      for (const k of ['email', 'api_token'] as const) {
        if (tracker.fields[k] === undefined) continue;
        fields[k] = tracker.fields[k];
        fieldSources[k] = 'tracker';
      }
    }
  }
  const required: readonly string[] = REQUIRED_FIELDS[provider];
  const missing = required.filter((k) => fields[k] === undefined);
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
    // The one place stored JSON becomes a provider's fields: each layer was checked when it came
    // in (a saved body by the provider's schema, a fallback by the environment's) or is a default.
    fields: fields as ProviderFields<P>,
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
export function effectiveFor<P extends Provider>(
  env: IntegrationEnv,
  provider: P,
  saved: ReadonlyMap<Provider, SavedIntegration>,
): EffectiveIntegration<P> {
  const tracker =
    provider === 'wiki' ? effectiveIntegration(env, 'tracker', saved.get('tracker')) : undefined;
  return effectiveIntegration(env, provider, saved.get(provider), tracker);
}
