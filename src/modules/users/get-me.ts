import { asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { requireUser } from '../workspaces/access.ts';
import { workspaceMembers, workspaces } from '../workspaces/table.ts';
import { users } from './table.ts';

/** Who the key belongs to and the workspaces they are a member of. */
export async function getMe({ ctx }: { ctx: Ctx; input?: undefined }) {
  const actor = requireUser(ctx);
  const [[user], memberships] = await Promise.all([
    ctx.db
      .select({ id: users.id, email: users.email, name: users.name, is_admin: users.isAdmin })
      .from(users)
      .where(eq(users.id, actor.userId)),
    ctx.db
      .select({ workspace_key: workspaces.key, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, actor.userId))
      .orderBy(asc(workspaces.key)),
  ]);
  return { user: user!, workspaces: memberships };
}
