import type { Ctx, UserActor } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { UiSession } from '../../platform/http/types.ts';
import { unauthenticated } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { missing } from '../../platform/missing.ts';
import { authenticateApiKey } from '../api-keys/index.ts';
import { appendAudit } from '../audit/index.ts';
import { csrfTokenOf, newSessionToken, sessionDigest } from './session-token.ts';
import { idleExpiry } from './session-expiry.ts';
import { uiSessions } from './table.ts';

export interface SignedIn {
  /** The cookie's value: given to the browser once, stored only as a digest. */
  token: string;
  session: UiSession;
  actor: UserActor;
}

/**
 * Exchanges an API key for an Admin UI session (audited `session.signed_in`). The session ends
 * with its key, after the configured idle time unused, or at its absolute expiry, whichever comes
 * first; never later than the key's own expiry.
 */
export async function signIn({ ctx, input }: { ctx: Ctx; input: { api_key: string } }): Promise<SignedIn> {
  const actor = await authenticateApiKey(ctx, input.api_key);
  if (!actor?.apiKeyId) throw unauthenticated(true);
  const keyId = actor.apiKeyId;
  const now = ctx.now();
  const token = newSessionToken();
  const secret = ctx.config.secrets.apiKeyHash;
  return inTransaction({ ...ctx, actor }, async (ctx) => {
    const [session = missing('the new session')] = await ctx.db
      .insert(uiSessions)
      .values({
        id: newId('ses'),
        digest: sessionDigest(secret, token),
        userId: actor.userId,
        apiKeyId: keyId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ctx.config.uiSession.maxMs),
      })
      .returning();
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'session.signed_in',
      target: { type: 'session', id: session.id },
      params: { session_id: session.id, key_id: keyId, user_id: actor.userId },
    });
    return {
      token,
      actor,
      session: {
        id: session.id,
        csrfToken: csrfTokenOf(secret, token),
        expiresAt: session.expiresAt,
        idleExpiresAt: idleExpiry(now, session.expiresAt, ctx.config.uiSession.idleMs),
      },
    };
  });
}
