import type { CatalogueFamily } from './catalogue-types.ts';

const Q = { description: 'The search text, with secrets masked', example: 'retry backoff' };
const LIMIT = { description: 'The most results asked for', example: 20 };
const COUNT = {
  description: 'How many results were found (absent when the provider call failed)',
  example: 3,
  optional: true,
};

/** Reads that are audited: raw session text, and the tracker and wiki through their integrations. */
export const READ_ACTIONS = {
  'raw.search': {
    description: "The project's raw session messages were searched.",
    variables: { q: Q, count: { description: 'How many messages matched', example: 3 } },
  },
  'raw.view': {
    description: 'A raw session message was read in full.',
    variables: {
      message_id: { description: 'Id of the message', example: 'rmsg_01JQ8ZN2T5W8N1K4M7X3B6C9DK' },
      session_id: {
        description: 'Id of the raw session it belongs to',
        example: 'rses_01JQ8ZP4W7N2K5M8X1B3C6D9EL',
      },
    },
  },
  'integration.updated': {
    description: "A workspace admin changed an integration's configuration.",
    variables: {
      provider: { description: 'The integration: tracker or wiki', example: 'tracker' },
      enabled: { description: 'Whether the integration is on after the change', example: true },
      changed_fields: {
        description: 'Names of the fields changed (a list)',
        example: ['base_url', 'api_token'],
      },
      reason: { description: 'The reason the actor gave', example: 'New Jira site', optional: true },
    },
  },
  'integration.delivery_retried': {
    description: 'A workspace admin sent a failed notification again.',
    variables: {
      integration: { description: 'Where the notification goes: chat', example: 'chat' },
      notified_action: {
        description: 'The action of the audit entry the notification is about',
        example: 'ci.failure',
      },
      audit_id: {
        description: 'The audit entry the notification is about',
        example: 'aud_01JQ8ZR8R2T5W8N3K6M9X1B4CN',
      },
      reason: { description: 'The reason the actor gave', example: 'webhook fixed', optional: true },
    },
  },
  'integration.outbound_policy_updated': {
    description: "A workspace admin changed the locales or templates of one integration type's messages.",
    variables: {
      integration_type: { description: 'chat, tracker, wiki, notes, webhook or email', example: 'chat' },
      changed_fields: {
        description: 'Which of locale_default, supported_locales, template_overrides changed (a list)',
        example: ['template_overrides'],
      },
      changed_templates: {
        description: 'The templates added, changed or removed, as action/locale (a list)',
        example: ['raw.search/es'],
        optional: true,
      },
      locale_default: {
        description: "The policy's own default locale, if any",
        example: 'es',
        optional: true,
      },
      supported_locales: {
        description: "The policy's own supported locales, if any (a list)",
        example: ['en', 'es'],
        optional: true,
      },
      reason: { description: 'The reason the actor gave', example: 'house style', optional: true },
    },
  },
  'tracker.search': {
    description: 'The issue tracker was searched through its integration (failed calls included).',
    variables: { q: Q, limit: LIMIT, count: COUNT },
  },
  'tracker.read': {
    description: 'An issue was read from the tracker (failed calls included).',
    variables: { issue_key: { description: 'The issue key', example: 'API-142' } },
  },
  'wiki.search': {
    description: 'The wiki was searched through its integration (failed calls included).',
    variables: { q: Q, limit: LIMIT, count: COUNT },
  },
  'wiki.read': {
    description: 'A wiki page was read (failed calls included).',
    variables: { page_id: { description: 'Id of the page', example: '884736' } },
  },
} satisfies CatalogueFamily;
