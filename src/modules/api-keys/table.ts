import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../tenancy/index.ts';

/**
 * `digest` is HMAC-SHA256(plaintext) and stays null while a key waits for its one-time link to be
 * opened: the plaintext is generated at that moment, so it is never stored, not even encrypted.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    label: text('label'),
    prefix: text('prefix'),
    digest: text('digest').unique(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.id)],
);

export const oneTimeLinks = pgTable('one_time_links', {
  id: text('id').primaryKey(),
  apiKeyId: text('api_key_id')
    .notNull()
    .references(() => apiKeys.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type ApiKeyRow = typeof apiKeys.$inferSelect;
