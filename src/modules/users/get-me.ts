import { asc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { requireUser } from '../workspaces/access.ts';
import { workspaceMembers, workspaces } from '../workspaces/table.ts';
import { users } from './table.ts';

const meQuery = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      is_admin: users.isAdmin,
      workspace_key: workspaces.key,
      role: workspaceMembers.role,
    })
    .from(users)
    .leftJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
    .leftJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(workspaces.key))
    .prepare('ctxhub_get_me');

/** Who the key belongs to and the workspaces they are a member of (one prepared query). */
export async function getMe({ ctx }: { ctx: Ctx; input?: undefined }) {
  const actor = requireUser(ctx);
  const rows = await prepared(ctx.db, 'get_me', meQuery).execute({ userId: actor.userId });
  const [first] = rows;
  return {
    user: { id: first!.id, email: first!.email, name: first!.name, is_admin: first!.is_admin },
    workspaces: rows.flatMap((r) =>
      r.workspace_key && r.role ? [{ workspace_key: r.workspace_key, role: r.role }] : [],
    ),
  };
}
