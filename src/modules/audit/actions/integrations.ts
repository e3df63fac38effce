import { z } from 'zod';
import { PROVIDERS } from '../../../config/index.ts';
import { defineAction, param, WORKSPACE_KEY } from './action-definition.ts';

const reason = (example: string) => param(z.string().nullable(), 'The reason the actor gave', example);
const CHANGED_FIELDS = 'Names of the fields changed (a list)';

/** A workspace's integrations: their configuration, their deliveries, the locales and templates of their messages. */
export const INTEGRATION_ACTIONS = {
  'integration.updated': defineAction("A workspace admin changed an integration's configuration.", {
    workspace_key: WORKSPACE_KEY,
    provider: param(z.enum(PROVIDERS), 'The integration: tracker or wiki', 'tracker'),
    enabled: param(z.boolean(), 'Whether the integration is on after the change', true),
    changed_fields: param(z.array(z.string()), CHANGED_FIELDS, ['base_url', 'api_token']),
    reason: reason('New Jira site'),
  }),
  'integration.delivery_retried': defineAction('A workspace admin sent a failed notification again.', {
    workspace_key: WORKSPACE_KEY,
    integration: param(z.string(), 'Where the notification goes: chat', 'chat'),
    notified_action: param(
      z.string(),
      'The action of the audit entry the notification is about',
      'ci.failure',
    ),
    audit_id: param(
      z.string(),
      'The audit entry the notification is about',
      'aud_01JQ8ZR8R2T5W8N3K6M9X1B4CN',
    ),
    reason: param(z.string().optional(), 'The reason the actor gave', 'webhook fixed'),
  }),
  'integration.outbound_policy_updated': defineAction(
    "A workspace admin changed the locales or templates of one integration type's messages.",
    {
      workspace_key: WORKSPACE_KEY,
      integration_type: param(z.string(), 'chat, tracker, wiki, notes, webhook or email', 'chat'),
      changed_fields: param(
        z.array(z.string()),
        'Which of locale_default, supported_locales, template_overrides changed (a list)',
        ['template_overrides'],
      ),
      changed_templates: param(
        z.array(z.string()).optional(),
        'The templates added, changed or removed, as action/locale (a list)',
        ['raw.search/es'],
      ),
      locale_default: param(z.string().nullable(), "The policy's own default locale, if any", 'es'),
      supported_locales: param(
        z.array(z.string()).nullable(),
        "The policy's own supported locales, if any (a list)",
        ['en', 'es'],
      ),
      reason: reason('house style'),
    },
  ),
};
