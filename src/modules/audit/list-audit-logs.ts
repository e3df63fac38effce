import { and, desc, eq, isNull, like, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { decodeCursor, page, type Page } from '../../platform/http/pagination.ts';
import { requireAuditScope, type AuditScope } from './audit-scope.ts';
import { auditLog, type AuditRow } from './table.ts';

/** Escapes LIKE wildcards so a prefix matches literally. */
export const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  const after = decodeCursor(input.cursor);
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        scope.workspaceId ? eq(auditLog.workspaceId, scope.workspaceId) : isNull(auditLog.workspaceId),
        input.action_prefix ? like(auditLog.action, likePrefix(input.action_prefix)) : undefined,
        after ? lt(auditLog.id, after) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(input.limit + 1);
  return { scope, page: page(rows, input.limit, (r) => r.id) };
}
