import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Ctx, UserActor } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { forbidden, notFound, unauthenticated } from '../../platform/http/errors.ts';
import { accessRead } from './access-cache.ts';
import { workspaceRank } from './roles.ts';
import { workspaceMembers, workspaces, type WorkspaceRole, type WorkspaceRow } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface WorkspaceAccess {
  actor: UserActor;
  workspace: WorkspaceRow;
  /** The caller's own membership role, if any. */
  memberRole: WorkspaceRole | null;
  /** What the caller may do: a server administrator acts as owner. */
  role: WorkspaceRole;
}

/** The acting user, or 401 for flows that need one. */
export function requireUser(ctx: Ctx): UserActor {
  if (ctx.actor.kind !== 'user') throw unauthenticated();
  return ctx.actor;
}

/** Server administrators only. */
export function requireServerAdmin(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  if (!actor.isAdmin) throw forbidden('Requires a server administrator');
  return actor;
}

/**
 * Loads a workspace the caller may see, with their role, and checks it against `minRole`.
 * A workspace the caller does not belong to is `not_found`, never `forbidden`. With `lock`
 * (inside a transaction) the workspace row is locked FOR UPDATE, read as of the lock. Outside a
 * transaction the row and role may come from the access cache (access-cache.ts, ADR 0017): the
 * answer is frozen.
 */
export async function requireWorkspaceRole(
  ctx: Ctx,
  workspaceKey: string,
  minRole: WorkspaceRole,
  options: { lock?: boolean } = {},
): Promise<WorkspaceAccess> {
  const actor = requireUser(ctx);
  const read = options.lock ? undefined : accessRead<MemberRow>(ctx, `w\0${actor.userId}\0${workspaceKey}`);
  let row = read?.cached;
  if (!row) {
    [row] = await prepared(
      ctx.db,
      options.lock ? 'workspace_access_locked' : 'workspace_access',
      options.lock ? lockedWorkspaceAccessQuery : workspaceAccessQuery,
    ).execute({ userId: actor.userId, workspaceKey });
    if (row) read?.keep(row);
  }
  return workspaceAccessOf(actor, row, workspaceKey, minRole);
}

/** A workspace with the caller's membership role in it (null: none). */
interface MemberRow {
  workspace: WorkspaceRow;
  memberRole: WorkspaceRole | null;
}

const workspaceAccessSelect = (db: Db) =>
  db
    .select({ workspace: workspaces, memberRole: workspaceMembers.role })
    .from(workspaces)
    .leftJoin(workspaceMembers, callersMembership({ userId: sql.placeholder('userId') }))
    .where(eq(workspaces.key, sql.placeholder('workspaceKey')))
    .limit(1);
const workspaceAccessQuery = (db: Db) => workspaceAccessSelect(db).prepare('ctxhub_workspace_access');
const lockedWorkspaceAccessQuery = (db: Db) =>
  workspaceAccessSelect(db).for('update', { of: workspaces }).prepare('ctxhub_workspace_access_locked');

/**
 * The join condition of the caller's own workspace membership (a left join: admins need none);
 * `userId` may be a placeholder of a prepared query.
 */
export const callersMembership = (actor: { userId: string | Placeholder }) =>
  and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, actor.userId));

/** The checks of requireWorkspaceRole on a workspace row and the caller's membership role. */
export function workspaceAccessOf(
  actor: UserActor,
  row: MemberRow | undefined,
  workspaceKey: string,
  minRole: WorkspaceRole,
): WorkspaceAccess {
  const role = actor.isAdmin ? 'owner' : row?.memberRole;
  if (!row || !role) throw notFound(`Workspace ${workspaceKey}`);
  if (workspaceRank(role) < workspaceRank(minRole)) {
    throw forbidden(`Requires the workspace ${minRole} role or higher`);
  }
  return { actor, workspace: row.workspace, memberRole: row.memberRole, role };
}
