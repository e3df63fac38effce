import { z } from 'zod';
import { defineAction, param } from './action-definition.ts';

const USER = 'usr_01JQ8Z6K2W4N7M3T5R9B1C0DXE';
const KEY = 'key_01JQ8Z9V3P6R2M8K4T7W1N5BXA';
const USER_ID = param(z.string(), 'Id of the user the change is about', USER);
const KEY_ID = param(z.string(), 'Id of the API key', KEY);
const OWNER_ID = param(z.string(), 'Id of the user the key belongs to', USER);
/** self, server_admin or workspace_admin (revocations); server_admin, workspace_admin or server_console (resets). */
const AUTHORITY = param(
  z.string(),
  'By what right the actor acted: self (own key), server_admin or workspace_admin',
  'server_admin',
);

/** Users, their API keys and their Admin UI sessions: server-level entries (no workspace) unless an admin of a workspace acted. */
export const ACCOUNT_ACTIONS = {
  'user.created': defineAction(
    'A user account was created (by a server admin, or the first admin at first start).',
    {
      user_id: USER_ID,
      email: param(z.string(), "The new user's e-mail", 'lena.fischer@example.com'),
      is_admin: param(z.boolean(), 'Whether the user is a server admin', true),
      reason: param(
        z.literal('first_start').optional(),
        'first_start when ctxhub created its first admin at first start',
        'first_start',
      ),
    },
  ),
  'user.codehost_login_set': defineAction("A user's login at the code host was set or cleared.", {
    user_id: USER_ID,
    codehost_login: param(z.string().nullable(), 'The login (lower-case), or null when cleared', 'lena-f'),
    authority: AUTHORITY,
  }),
  'api_key.created': defineAction(
    'An API key was created; its secret is shown once (or sent by one-time link).',
    {
      key_id: KEY_ID,
      user_id: OWNER_ID,
      label: param(z.string().nullish(), 'The label given to the key', 'laptop'),
      expires_at: param(
        z.iso.datetime().nullish(),
        'When the key stops working (ISO 8601); null when it never expires',
        '2026-12-31T00:00:00.000Z',
      ),
      delivery: param(
        z.literal('one_time_link').optional(),
        'one_time_link when the secret is handed over by a one-time link (first start)',
        'one_time_link',
      ),
    },
  ),
  'api_key.revoked': defineAction('An API key was revoked; it no longer works.', {
    key_id: KEY_ID,
    user_id: param(z.string(), 'Id of the user the key belonged to', USER),
    authority: AUTHORITY,
  }),
  'api_key.reset': defineAction(
    "A user's API keys were reset: all active keys revoked, one new key behind a one-time link.",
    {
      user_id: USER_ID,
      new_key_id: param(z.string(), 'Id of the new key', 'key_01JQ8ZB4M7X2K9R5T3W6N8P1CY'),
      revoked_key_ids: param(z.array(z.string()), 'Ids of the keys revoked (a list; `| size` counts them)', [
        KEY,
        'key_01JPX4D8N2K6M9R3T5W7B1C0QZ',
      ]),
      link_expires_at: param(
        z.iso.datetime(),
        'When the one-time link to the new key expires (ISO 8601)',
        '2026-03-15T16:05:12.000Z',
      ),
      authority: AUTHORITY,
    },
  ),
  'api_key.one_time_view': defineAction(
    "A one-time link was opened and the API key's secret shown; the link cannot be used again.",
    {
      key_id: KEY_ID,
      user_id: OWNER_ID,
      link_id: param(z.string(), 'Id of the one-time link', 'otl_01JQ8ZC2R5T8W1N4K7M3X6B9DA'),
    },
  ),
  'session.signed_in': defineAction('A user signed in to the Admin UI with an API key.', {
    session_id: param(z.string(), 'Id of the new session', 'ses_01JQ8ZD7K3M6R9T2W5N8X1B4CE'),
    key_id: param(z.string(), 'Id of the API key used to sign in', KEY),
    user_id: USER_ID,
  }),
  'session.signed_out': defineAction('A user signed out of the Admin UI.', {
    session_id: param(z.string(), 'Id of the session ended', 'ses_01JQ8ZD7K3M6R9T2W5N8X1B4CE'),
  }),
};
