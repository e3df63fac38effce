import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { insertJsonRows } from '../../platform/db/insert-json-rows.ts';
import { queryRows } from '../../platform/db/query-rows.ts';
import { newId } from '../../platform/ids.ts';
import { appendAudits } from '../audit/index.ts';
import { projects, type WorkspaceRow } from '../tenancy/index.ts';
import { defaultProjectName } from './create-project.ts';

/**
 * The projects of repositories a workspace links (a code host sync with `auto_create_project` on):
 * each key not yet a project becomes one, named after its repository, with no members of its own
 * (workspace admins and owners act as maintainers of every project), each with its
 * `project.created` entry. Runs in the caller's transaction; keys that exist are left alone.
 * Answers how many were created.
 */
export async function createLinkedProjects(
  ctx: Ctx,
  workspace: Pick<WorkspaceRow, 'id' | 'key'>,
  keys: readonly string[],
): Promise<number> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return 0;
  const existing = new Set<string>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await ctx.db
      .select({ key: projects.key })
      .from(projects)
      .where(and(eq(projects.workspaceId, workspace.id), inArray(projects.key, wanted.slice(i, i + 1000))));
    for (const row of rows) existing.add(row.key);
  }
  const now = ctx.now();
  const rows = wanted
    .filter((key) => !existing.has(key))
    .map((key) => ({
      id: newId('prj'),
      workspaceId: workspace.id,
      key,
      name: defaultProjectName(key),
      createdAt: now,
    }));
  if (rows.length === 0) return 0;
  const made = await queryRows<{ id: string; key: string; name: string }>(
    ctx.db,
    insertJsonRows(projects, rows, sql`on conflict do nothing returning id, key, name`),
  );
  await appendAudits(
    ctx,
    made.map((project) => ({
      workspaceId: workspace.id,
      action: 'project.created' as const,
      target: { type: 'project', id: project.id },
      params: { workspace_key: workspace.key, project_key: project.key, name: project.name },
    })),
  );
  return made.length;
}
