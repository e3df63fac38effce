import type { CatalogueFamily } from './catalogue-types.ts';

const USER_ID = {
  description: 'Id of the user the change is about',
  example: 'usr_01JQ8Z6K2W4N7M3T5R9B1C0DXE',
};
const KEY_ID = { description: 'Id of the API key', example: 'key_01JQ8Z9V3P6R2M8K4T7W1N5BXA' };
const AUTHORITY = {
  description: 'By what right the actor acted: self (own key), server_admin or workspace_admin',
  example: 'server_admin',
};

/** Users, their API keys and their Admin UI sessions: server-level entries (no workspace) unless an admin of a workspace acted. */
export const ACCOUNT_ACTIONS = {
  'user.created': {
    description: 'A user account was created (by a server admin, or the first admin at first start).',
    variables: {
      user_id: USER_ID,
      email: { description: "The new user's e-mail", example: 'lena.fischer@example.com' },
      is_admin: { description: 'Whether the user is a server admin', example: true },
      reason: {
        description: 'first_start when ctxhub created its first admin at first start',
        example: 'first_start',
        optional: true,
      },
    },
  },
  'api_key.created': {
    description: 'An API key was created; its secret is shown once (or sent by one-time link).',
    variables: {
      key_id: KEY_ID,
      user_id: { description: 'Id of the user the key belongs to', example: USER_ID.example },
      label: { description: 'The label given to the key', example: 'laptop', optional: true },
      expires_at: {
        description: 'When the key stops working (ISO 8601); null when it never expires',
        example: '2026-12-31T00:00:00.000Z',
        optional: true,
      },
      delivery: {
        description: 'one_time_link when the secret is handed over by a one-time link (first start)',
        example: 'one_time_link',
        optional: true,
      },
    },
  },
  'api_key.revoked': {
    description: 'An API key was revoked; it no longer works.',
    variables: {
      key_id: KEY_ID,
      user_id: { description: 'Id of the user the key belonged to', example: USER_ID.example },
      authority: AUTHORITY,
    },
  },
  'api_key.reset': {
    description: "A user's API keys were reset: all active keys revoked, one new key behind a one-time link.",
    variables: {
      user_id: USER_ID,
      new_key_id: { description: 'Id of the new key', example: 'key_01JQ8ZB4M7X2K9R5T3W6N8P1CY' },
      revoked_key_ids: {
        description: 'Ids of the keys revoked (a list; `| size` counts them)',
        example: ['key_01JQ8Z9V3P6R2M8K4T7W1N5BXA', 'key_01JPX4D8N2K6M9R3T5W7B1C0QZ'],
      },
      link_expires_at: {
        description: 'When the one-time link to the new key expires (ISO 8601)',
        example: '2026-03-15T16:05:12.000Z',
      },
      authority: AUTHORITY,
    },
  },
  'api_key.one_time_view': {
    description: "A one-time link was opened and the API key's secret shown; the link cannot be used again.",
    variables: {
      key_id: KEY_ID,
      user_id: { description: 'Id of the user the key belongs to', example: USER_ID.example },
      link_id: { description: 'Id of the one-time link', example: 'otl_01JQ8ZC2R5T8W1N4K7M3X6B9DA' },
    },
  },
  'session.signed_in': {
    description: 'A user signed in to the Admin UI with an API key.',
    variables: {
      session_id: { description: 'Id of the new session', example: 'ses_01JQ8ZD7K3M6R9T2W5N8X1B4CE' },
      key_id: { description: 'Id of the API key used to sign in', example: KEY_ID.example },
      user_id: USER_ID,
    },
  },
  'session.signed_out': {
    description: 'A user signed out of the Admin UI.',
    variables: {
      session_id: { description: 'Id of the session ended', example: 'ses_01JQ8ZD7K3M6R9T2W5N8X1B4CE' },
    },
  },
} satisfies CatalogueFamily;
