import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { notFound, notFoundAs } from '../../platform/http/errors.ts';
import { requireRawAccess } from '../raw/index.ts';
import { imports, type ImportRow } from './table.ts';
import type { ProjectAccess } from '../access/index.ts';
import { projects, workspaces } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface ImportAccess {
  row: ImportRow;
  access: ProjectAccess;
  keys: { workspaceKey: string; projectKey: string };
}

/**
 * An import the caller may work on: imports carry raw transcripts, so they need the role raw
 * snippets need (project writer, or the workspace's raw_access_min_role). Others get 404.
 */
export async function requireImport(ctx: Ctx, id: string): Promise<ImportAccess> {
  const [found] = await prepared(ctx.db, 'import', importQuery).execute({ id });
  if (!found) throw notFound(`Import ${id}`);
  const access = await requireRawAccess(ctx, found.workspaceKey, found.projectKey).catch(
    notFoundAs(`Import ${id}`),
  );
  return { row: found.row, access, keys: { workspaceKey: found.workspaceKey, projectKey: found.projectKey } };
}

/** An import with the keys of its workspace and project (a query built once). */
const importQuery = (db: Db) =>
  db
    .select({ row: imports, workspaceKey: workspaces.key, projectKey: projects.key })
    .from(imports)
    .innerJoin(projects, eq(projects.id, imports.projectId))
    .innerJoin(workspaces, eq(workspaces.id, imports.workspaceId))
    .where(eq(imports.id, sql.placeholder('id')))
    .limit(1)
    .prepare('ctxhub_import');
