import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { isoDate } from '../../platform/http/fields.ts';
import { cursorCodec, page } from '../../platform/http/pagination.ts';
import { memoryProjectOf } from './memory-access.ts';
import { DEFAULT_STATUSES, memoryFilter, type MemoryFilters } from './memory-filters.ts';
import { recallMemories, type Recall } from './recall-memories.ts';
import { memoryView, type MemoryView } from './review-clock.ts';
import type { listMemoriesQuery } from './schemas.ts';
import { memories, memoryColumns, type MemoryRow } from './table.ts';
import { requireProjectRole, type ProjectAccess } from '../access/index.ts';
import type { Db } from '../../platform/db/database.ts';

/** The parsed query (reads check access; their inputs carry no invariants beyond the schema). */
export type ListMemoriesInput = z.output<typeof listMemoriesQuery>;

export interface MemoryList extends Omit<Recall, 'items'> {
  items: { row: MemoryView; explain?: Recall['items'][number]['explain'] }[];
  workspaceKey: string;
  projectKey: string;
}

/**
 * Project readers list memories: with `q`, ranked by relevance (recall-memories.ts); without it,
 * newest first. Rejected and superseded memories only when asked for by `status`.
 */
export async function listMemories({
  ctx,
  input: query,
}: {
  ctx: Ctx;
  input: ListMemoriesInput;
}): Promise<MemoryList> {
  const access = await requireProjectRole(ctx, query.workspace_key, query.project_key, 'reader');
  const days = access.workspaceAccess.workspace.reviewAfterDays;
  const now = ctx.now();
  const found = await listRows(ctx, query, access);
  return { ...found, items: found.items.map((i) => ({ ...i, row: memoryView(i.row, days, now) })) };
}

async function listRows(
  ctx: Ctx,
  query: ListMemoriesInput,
  access: ProjectAccess,
): Promise<Recall & { workspaceKey: string; projectKey: string }> {
  const project = memoryProjectOf(access);
  const filters: MemoryFilters = {
    projectId: project.id,
    statuses: query.status ?? DEFAULT_STATUSES,
    types: query.type,
    since: query.since,
    flags: query.flag,
  };
  const keys = { workspaceKey: project.workspaceKey, projectKey: project.key };
  if (query.q !== undefined) {
    return { ...keys, ...(await recallMemories({ ctx, input: { ...query, q: query.q, filters } })) };
  }
  const after = afterNewest(query.cursor);
  const rows: MemoryRow[] =
    !after && !filters.types && !filters.since && !filters.flags
      ? await prepared(ctx.db, 'newest_memories', newestQuery).execute({
          projectId: project.id,
          statuses: filters.statuses,
          limit: query.limit + 1,
        })
      : await ctx.db
          .select(memoryColumns)
          .from(memories)
          .where(and(memoryFilter(filters), after))
          .orderBy(desc(memories.createdAt), desc(memories.id))
          .limit(query.limit + 1);
  const result = page(rows, query.limit, (r) => `${r.createdAt.toISOString()}|${r.id}`);
  return { ...keys, items: result.items.map((row) => ({ row })), nextCursor: result.nextCursor };
}

/**
 * The first newest-first page with only the statuses filter, the usual call (an assistant's
 * "what is new here"): memoryFilter's condition as a query built once, a named statement on
 * PostgreSQL (its statuses one array parameter).
 */
const newestQuery = (db: Db) =>
  db
    .select(memoryColumns)
    .from(memories)
    .where(
      and(
        eq(memories.projectId, sql.placeholder('projectId')),
        sql`${memories.status} = any(${sql.placeholder('statuses')}::text[])`,
      ),
    )
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .limit(sql.placeholder('limit'))
    .prepare('ctxhub_newest_memories');

/**
 * The cursor of the newest-first list: the last memory's creation time and id, written as one key
 * `<ISO time>|<id>`.
 */
const newestCursor = cursorCodec(
  z.object({
    id: z
      .string()
      .min(1)
      .max(99)
      .transform((key) => key.split('|'))
      .pipe(z.tuple([isoDate, z.string().min(1)], z.string())),
  }),
);

function afterNewest(cursor: string | undefined): SQL | undefined {
  const key = newestCursor.decode(cursor);
  if (key === undefined) return undefined;
  const [at, id] = key.id;
  return or(lt(memories.createdAt, at), and(eq(memories.createdAt, at), lt(memories.id, id)));
}
