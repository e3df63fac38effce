import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { appendAudit } from '../audit/index.ts';
import { uiSessions } from './table.ts';

/** Ends the caller's own session (audited `session.signed_out`); its cookie signs nobody in after. */
export async function signOut({ ctx, input }: { ctx: Ctx; input: { session_id: string } }): Promise<void> {
  await inTransaction(ctx, async (ctx) => {
    const ended = await ctx.db
      .delete(uiSessions)
      .where(eq(uiSessions.id, input.session_id))
      .returning({ id: uiSessions.id });
    if (ended.length === 0) return;
    await appendAudit(ctx, {
      workspaceId: null,
      action: 'session.signed_out',
      target: { type: 'session', id: input.session_id },
      params: { session_id: input.session_id },
    });
  });
}
