import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { notFound, notFoundAs } from '../../platform/http/errors.ts';
import { memories, memoryColumns, type MemoryRow } from './table.ts';
import type { MemoryProject } from './store-memories.ts';
import { requireProjectRole, type ProjectAccess } from '../access/index.ts';
import { projects, type ProjectRole, workspaces } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface MemoryAccess {
  memory: MemoryRow;
  access: ProjectAccess;
  project: MemoryProject;
}

/** The project of a memory as verbs and presenters need it. */
export const memoryProjectOf = (access: ProjectAccess): MemoryProject => ({
  id: access.project.id,
  key: access.project.key,
  workspaceId: access.workspaceAccess.workspace.id,
  workspaceKey: access.workspaceAccess.workspace.key,
});

/**
 * A memory the caller may act on with `minRole` in its project. A memory in a project (or
 * workspace) the caller cannot see is `not_found`; `lock` takes the row for update.
 */
export async function requireMemory(
  ctx: Ctx,
  id: string,
  workspaceKey: string | undefined,
  minRole: ProjectRole,
  lock = false,
): Promise<MemoryAccess> {
  const [row] = await prepared(
    ctx.db,
    lock ? 'memory_locked' : 'memory',
    lock ? lockedMemoryQuery : memoryQuery,
  ).execute({ id });
  if (!row || (workspaceKey !== undefined && workspaceKey !== row.workspaceKey)) {
    throw notFound(`Memory ${id}`);
  }
  const access = await memoryProjectRole(ctx, id, row.workspaceKey, row.projectKey, minRole);
  return { memory: row.memory, access, project: memoryProjectOf(access) };
}

/** A memory with the keys of its workspace and project (a query built once; locked FOR UPDATE or not). */
const memorySelect = (db: Db) =>
  db
    .select({ memory: memoryColumns, workspaceKey: workspaces.key, projectKey: projects.key })
    .from(memories)
    .innerJoin(projects, eq(projects.id, memories.projectId))
    .innerJoin(workspaces, eq(workspaces.id, memories.workspaceId))
    .where(eq(memories.id, sql.placeholder('id')))
    .limit(1);
const memoryQuery = (db: Db) => memorySelect(db).prepare('ctxhub_memory');
const lockedMemoryQuery = (db: Db) =>
  memorySelect(db).for('update', { of: memories }).prepare('ctxhub_memory_locked');

/** The caller's access to a memory's project; a project they cannot see hides the memory (404). */
export function memoryProjectRole(
  ctx: Ctx,
  id: string,
  workspaceKey: string,
  projectKey: string,
  minRole: ProjectRole,
): Promise<ProjectAccess> {
  return requireProjectRole(ctx, workspaceKey, projectKey, minRole).catch(notFoundAs(`Memory ${id}`));
}
