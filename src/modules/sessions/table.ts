import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from '../api-keys/index.ts';
import { users } from '../tenancy/index.ts';

/**
 * Admin UI sign-in sessions. The browser holds a random token in an HttpOnly cookie; only its
 * HMAC (`digest`) is stored. A session lives while its API key does (not revoked, not expired),
 * until `expires_at` (absolute) and while used within the idle timeout (`last_seen_at`).
 */
export const uiSessions = pgTable(
  'ui_sessions',
  {
    id: text('id').primaryKey(),
    digest: text('digest').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ui_sessions_expires_idx').on(t.expiresAt)],
);

export type UiSessionRow = typeof uiSessions.$inferSelect;
