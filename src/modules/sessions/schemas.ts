import { z } from 'zod';
import type { UserActor } from '../../platform/context.ts';
import type { UiSession } from '../../platform/http/types.ts';
import { iso, timestamp } from '../../platform/http/fields.ts';
import { version } from '../../platform/version.ts';

export const signInBody = z.strictObject({
  api_key: z
    .string()
    .min(1)
    .max(200)
    .describe('An API key of yours; the browser keeps only the session cookie'),
});

export const sessionAnswer = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), is_admin: z.boolean() }),
  csrf_token: z.string().describe('Send it as X-CSRF-Token with every write made with the session cookie'),
  expires_at: timestamp.describe('The session ends then, used or not'),
  idle_expires_at: timestamp.describe('The session ends then unless used before'),
  server_version: z.string().describe("The server's version, for the UI's overview"),
});

export const presentSession = (actor: UserActor, session: UiSession): z.output<typeof sessionAnswer> => ({
  user: { id: actor.userId, email: actor.email, name: actor.name, is_admin: actor.isAdmin },
  csrf_token: session.csrfToken,
  expires_at: iso(session.expiresAt),
  idle_expires_at: iso(session.idleExpiresAt),
  server_version: version,
});
