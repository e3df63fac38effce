import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/http/errors.ts';
import { seqBefore, page, type Page } from '../../platform/http/pagination.ts';
import { memoryProjectRole } from './memory-access.ts';
import { memoryVersions, type MemoryVersionRow } from './table.ts';
import { projects, workspaces } from '../tenancy/index.ts';
import type { Db } from '../../platform/db/database.ts';

/** Versions are integers: a cursor beyond them all starts from the newest. */
const NEWEST = 2_147_483_647;

/**
 * A page of a memory's versions, newest first, each with the keys of its workspace and project
 * (access is checked on them): one statement, built once (a named statement on PostgreSQL).
 */
const versionsPage = (db: Db) =>
  db
    .select({ ...getTableColumns(memoryVersions), workspaceKey: workspaces.key, projectKey: projects.key })
    .from(memoryVersions)
    .innerJoin(projects, eq(projects.id, memoryVersions.projectId))
    .innerJoin(workspaces, eq(workspaces.id, memoryVersions.workspaceId))
    .where(
      and(
        eq(memoryVersions.memoryId, sql.placeholder('id')),
        lt(memoryVersions.version, sql.placeholder('before')),
      ),
    )
    .orderBy(desc(memoryVersions.version))
    .limit(sql.placeholder('limit'))
    .prepare('ctxhub_memory_history');

/**
 * Every version of a memory, newest first; project readers. Works for deleted memories too (their
 * last version is marked `deleted`), so a deletion can be inspected and undone by hand.
 */
export async function memoryHistory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; workspace_key?: string | undefined; limit: number; cursor?: string | undefined };
}): Promise<Page<MemoryVersionRow>> {
  const before = Math.min(seqBefore(input.cursor), NEWEST);
  const read = (from: number, limit: number) =>
    prepared(ctx.db, 'memory_history', versionsPage).execute({ id: input.id, before: from, limit });
  const found = await read(before, input.limit + 1);
  // A cursor past the oldest version finds none: the newest version then tells whose memory it is.
  const [owner] = found.length > 0 ? found : await read(NEWEST, 1);
  if (!owner || (input.workspace_key !== undefined && input.workspace_key !== owner.workspaceKey)) {
    throw notFound(`Memory ${input.id}`);
  }
  await memoryProjectRole(ctx, input.id, owner.workspaceKey, owner.projectKey, 'reader');
  const rows = found.map(({ workspaceKey: _w, projectKey: _p, ...version }) => version);
  return page(rows, input.limit, (r) => String(r.version));
}
