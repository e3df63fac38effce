import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { keyCursor } from '../../platform/http/pagination.ts';
import { requireProjectRole } from '../access/index.ts';
import { emailsOf } from './emails-of.ts';
import { activeWorkEvents, activeWorkItems, type EventRow, type EventType } from './table.ts';

/**
 * A page of a project's Active Work timeline, newest first; by item, type and time, with the
 * titles of the items its events belong to. Project reader.
 */
export async function listEvents({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key: string;
    project_key: string;
    item_id?: string | undefined;
    type?: EventType | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
    limit: number;
    cursor?: string | undefined;
  };
}) {
  const { project } = await requireProjectRole(ctx, input.workspace_key, input.project_key, 'reader');
  const before = keyCursor.decode(input.cursor)?.id;
  const rows = await ctx.db
    .select({ event: activeWorkEvents, title: activeWorkItems.title })
    .from(activeWorkEvents)
    .innerJoin(activeWorkItems, eq(activeWorkItems.id, activeWorkEvents.itemId))
    .where(
      and(
        eq(activeWorkEvents.projectId, project.id),
        input.item_id ? eq(activeWorkEvents.itemId, input.item_id) : undefined,
        input.type ? eq(activeWorkEvents.type, input.type) : undefined,
        input.from ? gte(activeWorkEvents.createdAt, input.from) : undefined,
        input.to ? lt(activeWorkEvents.createdAt, input.to) : undefined,
        before ? lt(activeWorkEvents.id, before) : undefined,
      ),
    )
    .orderBy(desc(activeWorkEvents.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const items: EventRow[] = page.map((r) => r.event);
  const last = items.at(-1);
  return {
    items,
    titles: new Map(page.map((r) => [r.event.itemId, r.title])),
    emails: await emailsOf(
      ctx,
      items.map((e) => e.actorUserId),
    ),
    nextCursor: rows.length > input.limit && last ? keyCursor.encode({ id: last.id }) : null,
  };
}
