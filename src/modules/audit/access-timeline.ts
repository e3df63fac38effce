import { and, desc, eq, gte, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { seqBefore, page, type Page } from '../../platform/http/pagination.ts';
import { accessEvents, auditLog, type AccessChange, type AccessSource, type AuditRow } from './table.ts';
import { users } from '../tenancy/index.ts';
import { requireWorkspaceRole } from '../access/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface AccessTimelineInput {
  workspace_key: string;
  project_key?: string | undefined;
  user_id?: string | undefined;
  source?: AccessSource | undefined;
  action?: AccessChange | undefined;
  correlation_id?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface AccessTimelineRow {
  entry: AuditRow;
  change: AccessChange;
  source: AccessSource;
  projectKey: string | null;
  targetUserId: string;
  targetEmail: string | null;
  actorEmail: string | null;
}

/**
 * Events matching `where`, newest first (by `seq`), at most `limit`, with their audit entries and
 * the emails of the user changed and of the actor.
 */
function timelineRows(db: Db, where: SQL | undefined, limit: number | Placeholder) {
  const target = alias(users, 'target_user');
  const actor = alias(users, 'actor_user');
  return db
    .select({
      entry: auditLog,
      change: accessEvents.change,
      source: accessEvents.source,
      projectKey: accessEvents.projectKey,
      targetUserId: accessEvents.targetUserId,
      targetEmail: target.email,
      actorEmail: actor.email,
    })
    .from(accessEvents)
    .innerJoin(auditLog, eq(auditLog.id, accessEvents.auditId))
    .leftJoin(target, eq(target.id, accessEvents.targetUserId))
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(accessEvents.seq))
    .limit(limit);
}

/** A workspace's whole timeline before a `seq`, newest first: the unfiltered page, built once. */
const workspaceTimeline = (db: Db) =>
  timelineRows(
    db,
    and(
      eq(accessEvents.workspaceId, sql.placeholder('workspaceId')),
      lt(accessEvents.seq, sql.placeholder('before')),
    ),
    sql.placeholder('limit'),
  ).prepare('ctxhub_access_timeline');

/**
 * Access changes of a workspace, newest first, every filter in SQL. The user and project filters
 * have their own indexes, a correlation id the audit log's; source, action and time range filter the workspace's (workspace, seq)
 * range, so a rare one of those reads far into a large timeline before a page fills.
 */
export async function accessTimeline({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AccessTimelineInput;
}): Promise<{ workspaceKey: string; page: Page<AccessTimelineRow> }> {
  const { workspace } = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
  if (input.from && input.to && input.from > input.to)
    throw invalidField('query.from', 'must not be after `to`');
  const before = seqBefore(input.cursor);
  const filters = [
    input.project_key ? eq(accessEvents.projectKey, input.project_key) : undefined,
    input.user_id ? eq(accessEvents.targetUserId, input.user_id) : undefined,
    input.source ? eq(accessEvents.source, input.source) : undefined,
    input.action ? eq(accessEvents.change, input.action) : undefined,
    // One batch: found through the audit log's (chain, correlation id) index.
    input.correlation_id
      ? and(eq(auditLog.chain, workspace.id), eq(auditLog.correlationId, input.correlation_id))
      : undefined,
    input.from ? gte(accessEvents.createdAt, input.from) : undefined,
    input.to ? lte(accessEvents.createdAt, input.to) : undefined,
  ].filter((f) => f !== undefined);
  const rows =
    filters.length > 0
      ? await timelineRows(
          ctx.db,
          and(eq(accessEvents.workspaceId, workspace.id), ...filters, lt(accessEvents.seq, before)),
          input.limit + 1,
        )
      : await prepared(ctx.db, 'access_timeline', workspaceTimeline).execute({
          workspaceId: workspace.id,
          before,
          limit: input.limit + 1,
        });
  return { workspaceKey: workspace.key, page: page(rows, input.limit, (r) => String(r.entry.seq)) };
}

/** One human line per event, e.g. `ann@x.io changed bob@x.io in project p from READER to WRITER`. */
export function summarize(r: AccessTimelineRow, workspaceKey: string): string {
  const p = r.entry.params as { old_role?: string | null; new_role?: string | null };
  const who = r.actorEmail ?? (r.entry.systemActor ? `system (${r.entry.systemActor})` : 'system');
  const whom = r.targetEmail ?? r.targetUserId;
  const where = r.projectKey ? `project ${r.projectKey}` : `workspace ${workspaceKey}`;
  if (r.change === 'add') return `${who} added ${whom} to ${where} as ${p.new_role}`;
  if (r.change === 'remove') return `${who} removed ${whom} from ${where} (was ${p.old_role})`;
  return `${who} changed ${whom} in ${where} from ${p.old_role} to ${p.new_role}`;
}
