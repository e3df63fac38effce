import { and, asc, eq, gt } from 'drizzle-orm';
import { keyCursor, page, type Page } from '../../platform/http/pagination.ts';
import type { MemberView } from './member-schemas.ts';
import { workspaceMembers, projectMembers, users } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

/** One page of a workspace's or a project's members with their users, by user id (keyset cursor). */
export async function memberPage(
  db: Db,
  of: { workspaceId: string } | { projectId: string },
  input: { limit: number; cursor?: string | undefined },
): Promise<Page<MemberView>> {
  const [members, scope] =
    'workspaceId' in of
      ? [workspaceMembers, eq(workspaceMembers.workspaceId, of.workspaceId)]
      : [projectMembers, eq(projectMembers.projectId, of.projectId)];
  const after = keyCursor.decode(input.cursor)?.id;
  const rows = await db
    .select({
      userId: members.userId,
      email: users.email,
      name: users.name,
      role: members.role,
      createdAt: members.createdAt,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(scope, after ? gt(members.userId, after) : undefined))
    .orderBy(asc(members.userId))
    .limit(input.limit + 1);
  return page(rows, input.limit, (r) => r.userId);
}
