import { and, desc, eq, like, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { likePrefix } from '../../platform/db/like-prefix.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { seqBefore, page, type Page } from '../../platform/http/pagination.ts';
import { requireAuditScope, type AuditScope } from './audit-scope.ts';
import { auditExplanations, auditLog, type AuditRow, type ExplanationRow } from './table.ts';
import type { Db } from '../../platform/db/database.ts';

/**
 * Entries of the audit log matching `where`, newest first (by `seq`), at most `limit`, each with
 * its explanation (null when none was asked for).
 */
const newestEntries = (db: Db, where: SQL | undefined, limit: number | Placeholder) =>
  db
    .select({ entry: auditLog, explanation: auditExplanations })
    .from(auditLog)
    .leftJoin(auditExplanations, eq(auditExplanations.auditId, auditLog.id))
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(limit);

/** A chain's entries before a `seq`: the unfiltered page, built once. */
const chainPage = (db: Db) =>
  newestEntries(
    db,
    and(eq(auditLog.chain, sql.placeholder('chain')), lt(auditLog.seq, sql.placeholder('before'))),
    sql.placeholder('limit'),
  ).prepare('ctxhub_audit_page_explained');

/**
 * Newest first, in chain order (`seq`), which is commit order within a chain; each entry with its
 * explanation when one was asked for.
 */
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
}): Promise<{ scope: AuditScope; page: Page<{ entry: AuditRow; explanation: ExplanationRow | null }> }> {
  const scope = await requireAuditScope(ctx, input.workspace_key);
  const before = seqBefore(input.cursor);
  const rows = input.action_prefix
    ? await newestEntries(
        ctx.db,
        and(
          eq(auditLog.chain, scope.chain),
          like(auditLog.action, likePrefix(input.action_prefix)),
          lt(auditLog.seq, before),
        ),
        input.limit + 1,
      )
    : await prepared(ctx.db, 'audit_page_explained', chainPage).execute({
        chain: scope.chain,
        before,
        limit: input.limit + 1,
      });
  return { scope, page: page(rows, input.limit, (r) => String(r.entry.seq)) };
}
