import type { Integration, Provider } from '../../api/types.ts';

/** The one secret field of each provider (never read back: the answer says `has_<field>`). */
export const SECRET_OF: Record<Provider, string> = {
  tracker: 'api_token',
  wiki: 'api_token',
  chat: 'webhook_url',
  audit_reasoner: 'api_key',
};

export const PROVIDER_NAMES: Record<Provider, string> = {
  tracker: 'Issue tracker (Jira Cloud)',
  wiki: 'Wiki (Confluence Cloud)',
  chat: 'Chat notifications',
  audit_reasoner: 'Audit reasoner',
};

/** What the secret field will do on save: keep the stored one, replace it, or clear it (null). */
export type SecretMode = 'keep' | 'replace' | 'clear';

/** A provider's form as edited: only the workspace's own values (environment ones stay the environment's). */
export interface Draft {
  enabled: boolean;
  values: Record<string, unknown>;
  secretMode: SecretMode;
  secret: string;
  reason: string;
}

/**
 * The values the workspace itself saved: a PUT replaces every non-secret field, so the form starts
 * from these and sends them back, never the environment's (which would then become the workspace's).
 */
function savedValues(integration: Integration): Record<string, unknown> {
  const secret = SECRET_OF[integration.provider];
  return Object.fromEntries(
    Object.entries(integration.config).filter(
      ([k]) => k !== `has_${secret}` && integration.field_sources[k] === 'workspace',
    ),
  );
}

export const draftOf = (integration: Integration): Draft => ({
  enabled: integration.enabled,
  values: savedValues(integration),
  secretMode: 'keep',
  secret: '',
  reason: '',
});

/** The PUT body for a draft: the secret left out (kept), given (replaced) or null (cleared). */
export function bodyOf(workspace: string, provider: Provider, draft: Draft) {
  const secret = SECRET_OF[provider];
  const config: Record<string, unknown> = { ...draft.values };
  if (draft.secretMode === 'replace') config[secret] = draft.secret;
  if (draft.secretMode === 'clear') config[secret] = null;
  return {
    workspace_key: workspace,
    provider,
    enabled: draft.enabled,
    ...(draft.reason.trim() ? { reason: draft.reason.trim() } : {}),
    config,
  };
}

/** Whether the draft differs from what the server holds. */
export const isDirty = (integration: Integration, draft: Draft): boolean =>
  draft.enabled !== integration.enabled ||
  draft.secretMode !== 'keep' ||
  JSON.stringify(draft.values) !== JSON.stringify(savedValues(integration));

/** Where a field's value comes from, in words. */
export const SOURCE_NAMES: Record<string, string> = {
  workspace: 'workspace',
  env: 'environment',
  tracker: "tracker's",
  default: 'default',
};
