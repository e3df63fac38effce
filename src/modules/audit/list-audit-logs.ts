import { and, desc, eq, like, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { likePrefix } from '../../platform/db/like-prefix.ts';
import { seqCursor, page, type Page } from '../../platform/http/pagination.ts';
import { requireAuditScope, type AuditScope } from './audit-scope.ts';
import { auditLog, type AuditRow } from './table.ts';

/** Newest first, in chain order (`seq`), which is commit order within a chain. */
export async function listAuditLogs({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key?: string | undefined;
    action_prefix?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  };
}): Promise<{ scope: AuditScope; page: Page<AuditRow> }> {
  const scope = await requireAuditScope(ctx, input.workspace_key);
  const after = seqCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.chain, scope.chain),
        input.action_prefix ? like(auditLog.action, likePrefix(input.action_prefix)) : undefined,
        after !== undefined ? lt(auditLog.seq, after) : undefined,
      ),
    )
    .orderBy(desc(auditLog.seq))
    .limit(input.limit + 1);
  return { scope, page: page(rows, input.limit, (r) => String(r.seq)) };
}
