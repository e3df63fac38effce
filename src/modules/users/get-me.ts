import { asc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { requireUser } from '../access/index.ts';
import { workspaceMembers, workspaces } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

const membershipsQuery = (db: Db) =>
  db
    .select({ workspace_key: workspaces.key, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, sql.placeholder('userId')))
    .orderBy(asc(workspaces.key))
    .prepare('ctxhub_my_workspaces');

/**
 * Who the key belongs to (loaded with the key when it was authenticated: users' e-mail, name and
 * admin flag do not change) and the workspaces they are a member of (one prepared query).
 */
export async function getMe({ ctx }: { ctx: Ctx; input?: undefined }) {
  const actor = requireUser(ctx);
  const memberships = await prepared(ctx.db, 'my_workspaces', membershipsQuery).execute({
    userId: actor.userId,
  });
  return {
    user: { id: actor.userId, email: actor.email, name: actor.name, is_admin: actor.isAdmin },
    workspaces: memberships,
  };
}
