import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { cursorCodec } from '../../platform/http/pagination.ts';
import { requireProjectRole } from '../access/index.ts';
import { emailsOf } from './emails-of.ts';
import { activeWorkItems, type ItemRow, type ItemStatus } from './table.ts';

/** Items are listed newest evidence first: the cursor is the last one's evidence time and id. */
const itemCursor = cursorCodec(
  z.object({ at: z.iso.datetime().transform((v) => new Date(v)), id: z.string().min(1).max(40) }),
);

/** Without a filter the list is what is going on: everything but closed items. */
export const OPEN: ItemStatus[] = ['active', 'stale', 'confirmed'];

/** A page of a project's Active Work items, newest evidence first. Project reader. */
export async function listItems({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key: string;
    project_key: string;
    status?: ItemStatus[] | undefined;
    limit: number;
    cursor?: string | undefined;
  };
}) {
  const { project } = await requireProjectRole(ctx, input.workspace_key, input.project_key, 'reader');
  const after = itemCursor.decode(input.cursor);
  const statuses = input.status && input.status.length > 0 ? input.status : OPEN;
  const rows = await ctx.db
    .select()
    .from(activeWorkItems)
    .where(
      and(
        eq(activeWorkItems.projectId, project.id),
        inArray(activeWorkItems.status, statuses),
        after
          ? or(
              lt(activeWorkItems.lastEvidenceAt, after.at),
              and(eq(activeWorkItems.lastEvidenceAt, after.at), lt(activeWorkItems.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(activeWorkItems.lastEvidenceAt), desc(activeWorkItems.id))
    .limit(input.limit + 1);
  const items: ItemRow[] = rows.slice(0, input.limit);
  const last = items.at(-1);
  return {
    projectKey: project.key,
    items,
    emails: await emailsOf(
      ctx,
      items.flatMap((i) => i.people),
    ),
    nextCursor:
      rows.length > input.limit && last
        ? itemCursor.encode({ at: last.lastEvidenceAt.toISOString(), id: last.id })
        : null,
  };
}
