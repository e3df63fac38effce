import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { resetKeysWithAudit, type IssuedLink } from './one-time-key-links.ts';
import { auditWorkspaceOf, authorityOverUser } from './key-authority.ts';
import { requireUser } from '../access/index.ts';

/**
 * Force reset by an admin: all of the user's active keys are revoked and one new key is created,
 * in one transaction; the answer is a one-time link instead of the plaintext.
 */
export async function resetUserApiKeys({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { user_id: string };
}): Promise<IssuedLink> {
  const actor = requireUser(ctx);
  return inTransaction(ctx, async (ctx) => {
    const authority = await authorityOverUser(ctx, input.user_id, false);
    return resetKeysWithAudit(ctx, {
      userId: input.user_id,
      label: 'reset',
      createdBy: actor.userId,
      workspaceId: auditWorkspaceOf(authority),
      authority: authority.kind,
    });
  });
}
