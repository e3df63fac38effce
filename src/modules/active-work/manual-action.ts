import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { missing } from '../../platform/missing.ts';
import { requireUser } from '../access/index.ts';
import { appendAudit } from '../audit/index.ts';
import { emailsOf } from './emails-of.ts';
import { requireItem } from './item-access.ts';
import { activeWorkEvents, activeWorkItems, type EventType, type ItemStatus } from './table.ts';

export type ManualAction = 'confirm' | 'close' | 'reopen';

interface Rule {
  /** Statuses the action applies to. */
  from: readonly ItemStatus[];
  to: ItemStatus;
  event: EventType;
  audit: 'active_work.manual_confirm' | 'active_work.manual_close' | 'active_work.manual_reopen';
  /** Why it changes nothing, by the status it found. */
  refused: (status: ItemStatus) => string;
}

const RULES: Record<ManualAction, Rule> = {
  confirm: {
    from: ['active', 'stale'],
    to: 'confirmed',
    event: 'confirmed',
    audit: 'active_work.manual_confirm',
    refused: (s) => (s === 'closed' ? 'it is closed: reopen it first' : 'it is already confirmed'),
  },
  close: {
    from: ['active', 'stale', 'confirmed'],
    to: 'closed',
    event: 'closed',
    audit: 'active_work.manual_close',
    refused: () => 'it is already closed',
  },
  reopen: {
    from: ['closed'],
    to: 'active',
    event: 'reopened',
    audit: 'active_work.manual_reopen',
    refused: (s) => `it is ${s}, not closed`,
  },
};

/**
 * A person's confirm, close or reopen of an item (project maintainer or higher): the item's
 * status changes, its event records who and why, and the audit entry `active_work.manual_*` is
 * written (and so sent to chat by the workspace's rules). A closed item stays closed to inference
 * until someone reopens it. An action that would change nothing answers 409 and writes nothing.
 */
export function manualAction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; action: ManualAction; reason?: string | undefined };
}) {
  const rule = RULES[input.action];
  return inTransaction(ctx, async (ctx) => {
    const actor = requireUser(ctx);
    const { item, access } = await requireItem(ctx, input.id, 'maintainer', { lock: true });
    if (!rule.from.includes(item.status)) {
      throw conflict(`Cannot ${input.action} Active Work item ${item.id}: ${rule.refused(item.status)}`);
    }
    const now = ctx.now();
    const reason = input.reason?.trim() || null;
    const [updated] = await ctx.db
      .update(activeWorkItems)
      .set({ status: rule.to, closedByHand: rule.to === 'closed', updatedAt: now })
      .where(eq(activeWorkItems.id, item.id))
      .returning();
    const [event] = await ctx.db
      .insert(activeWorkEvents)
      .values({
        id: newId('awv'),
        itemId: item.id,
        workspaceId: item.workspaceId,
        projectId: item.projectId,
        type: rule.event,
        prevStatus: item.status,
        nextStatus: rule.to,
        actorUserId: actor.userId,
        systemActor: null,
        reason,
        details: { action: input.action, by_hand: true },
        correlationId: null,
        createdAt: now,
      })
      .returning();
    await appendAudit(ctx, {
      workspaceId: item.workspaceId,
      action: rule.audit,
      target: { type: 'active_work_item', id: item.id },
      params: {
        workspace_key: access.workspaceAccess.workspace.key,
        project_key: access.project.key,
        item_id: item.id,
        title: item.title,
        ...(reason ? { reason } : {}),
      },
    });
    return {
      item: updated ?? missing('the item just updated'),
      event: event ?? missing('the event just written'),
      projectKey: access.project.key,
      emails: await emailsOf(ctx, [...item.people, actor.userId]),
    };
  });
}
