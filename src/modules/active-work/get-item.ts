import { asc, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { emailsOf } from './emails-of.ts';
import { requireItem } from './item-access.ts';
import { activeWorkEvents, activeWorkEvidence } from './table.ts';

/** One item with its evidence (newest first, 100 at most) and its events (oldest first, 200 at most). Project reader. */
export async function getItem({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  const { item, access } = await requireItem(ctx, input.id, 'reader');
  const evidence = await ctx.db
    .select()
    .from(activeWorkEvidence)
    .where(eq(activeWorkEvidence.itemId, item.id))
    .orderBy(desc(activeWorkEvidence.occurredAt), desc(activeWorkEvidence.id))
    .limit(100);
  const events = await ctx.db
    .select()
    .from(activeWorkEvents)
    .where(eq(activeWorkEvents.itemId, item.id))
    .orderBy(asc(activeWorkEvents.id))
    .limit(200);
  const emails = await emailsOf(ctx, [...item.people, ...events.map((e) => e.actorUserId)]);
  return { item, projectKey: access.project.key, evidence, events, emails };
}
