import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../tenancy/index.ts';

/** Where outbound messages go; each has its own policy per workspace. */
export const OUTBOUND_INTEGRATION_TYPES = ['chat', 'tracker', 'wiki', 'notes', 'webhook', 'email'] as const;
export type OutboundIntegrationType = (typeof OUTBOUND_INTEGRATION_TYPES)[number];

/** Action key -> locale -> Liquid template. */
export type TemplateOverrides = Record<string, Record<string, string>>;

/**
 * A workspace's policy for the messages of one integration type: its own default locale, the
 * locales it allows (null: whatever the workspace allows), and templates replacing built-in ones.
 * No row: no policy of its own (the workspace's settings and the built-in templates apply).
 */
export const outboundPolicies = pgTable(
  'outbound_policies',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    integrationType: text('integration_type').$type<OutboundIntegrationType>().notNull(),
    localeDefault: text('locale_default'),
    supportedLocales: text('supported_locales').array(),
    templateOverrides: jsonb('template_overrides').$type<TemplateOverrides>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.integrationType] })],
);

export type OutboundPolicyRow = typeof outboundPolicies.$inferSelect;
