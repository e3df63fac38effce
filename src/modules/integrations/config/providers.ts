import { z } from 'zod';
import {
  accountEmail,
  CHAT_FORMATS,
  REASONER_LLM_PROVIDERS,
  serviceUrl,
  type Provider,
} from '../../../config/index.ts';

/**
 * What each provider's `config` may hold (docs/api.md#integrations). Every field is
 * optional in a saved configuration: environment fallbacks fill what it leaves out, field by field.
 * Secret fields take `null` to clear a stored value; left out, a stored value is kept.
 */
const secretText = z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters');
const name = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
const severity = z.enum(SEVERITIES, { message: `must be one of ${SEVERITIES.join(', ')}` });

const siteConfig = z.strictObject({
  base_url: serviceUrl.optional(),
  email: accountEmail.optional(),
  api_token: secretText.nullable().optional(),
  write_on_commit: z.boolean().optional(),
  write_on_merge: z.boolean().optional(),
});

const chatConfig = z.strictObject({
  webhook_url: serviceUrl.nullable().optional(),
  default_channel: name.optional(),
  action_prefixes: z.array(name).max(100, 'must have at most 100 entries').optional(),
  format: z.enum(CHAT_FORMATS, { message: `must be one of ${CHAT_FORMATS.join(', ')}` }).optional(),
  include_target_json: z.boolean().optional(),
  mask_secrets: z.boolean().optional(),
  routes: z
    .array(
      z.strictObject({ action_prefix: name, channel: name.optional(), min_severity: severity.optional() }),
    )
    .max(100, 'must have at most 100 entries')
    .optional(),
  severity_rules: z
    .array(z.strictObject({ action_prefix: name, severity }))
    .max(100, 'must have at most 100 entries')
    .optional(),
});

const auditReasonerConfig = z.strictObject({
  llm_provider: z
    .enum(REASONER_LLM_PROVIDERS, { message: `must be one of ${REASONER_LLM_PROVIDERS.join(', ')}` })
    .optional(),
  model: name.optional(),
  base_url: serviceUrl.optional(),
  api_key: secretText.nullable().optional(),
});

export const CONFIG_SCHEMAS = {
  tracker: siteConfig,
  wiki: siteConfig,
  chat: chatConfig,
  audit_reasoner: auditReasonerConfig,
} satisfies Record<Provider, z.ZodType>;

/** Each provider's `config` as a saved configuration gives it: its own type, from its schema. */
type ProviderConfigs = { [P in Provider]: z.output<(typeof CONFIG_SCHEMAS)[P]> };
/** The name of a field of `P`'s config. */
type FieldOf<P extends Provider> = keyof ProviderConfigs[P] & string;
type FieldNames = { [P in Provider]: readonly FieldOf<P>[] };

/**
 * A provider's fields as they apply, saved over environment fallbacks and defaults: any of them
 * may be missing, and a cleared secret is absent (never null).
 */
export type ProviderFields<P extends Provider> = { [K in FieldOf<P>]?: NonNullable<ProviderConfigs[P][K]> };

/** Fields stored sealed and never returned (reads say `has_<field>`). */
export const SECRET_FIELDS: Record<Provider, readonly string[]> = {
  tracker: ['api_token'],
  wiki: ['api_token'],
  chat: ['webhook_url'],
  audit_reasoner: ['api_key'],
} satisfies FieldNames;

/** Fields a provider cannot be called without. */
export const REQUIRED_FIELDS = {
  tracker: ['base_url', 'email', 'api_token'],
  wiki: ['base_url', 'email', 'api_token'],
  chat: ['webhook_url'],
  audit_reasoner: ['llm_provider', 'model', 'api_key'],
} as const satisfies FieldNames;

/** A provider's fields once every field it cannot be called without has a value. */
export type ConfiguredFields<P extends Provider> = ProviderFields<P> & {
  [K in (typeof REQUIRED_FIELDS)[P][number] & FieldOf<P>]-?: NonNullable<ProviderConfigs[P][K]>;
};

/** Fields holding a URL the server will call: they pass the outbound guard. */
export const URL_FIELDS: Record<Provider, readonly string[]> = {
  tracker: ['base_url'],
  wiki: ['base_url'],
  chat: ['webhook_url'],
  audit_reasoner: ['base_url'],
} satisfies FieldNames;

/** Defaults of fields that change behaviour when nothing sets them. */
export const FIELD_DEFAULTS: { [P in Provider]?: ProviderFields<P> } = {
  chat: { format: 'detailed', include_target_json: false, mask_secrets: true },
};

/** `fields` split into what is stored in the clear and what is sealed. */
export function splitSecrets(provider: Provider, fields: Record<string, unknown>) {
  const secret = new Set(SECRET_FIELDS[provider]);
  const open: Record<string, unknown> = {};
  const sealed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) (secret.has(k) ? sealed : open)[k] = v;
  return { open, sealed };
}
