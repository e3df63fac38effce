import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../platform/context.ts';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define-job.ts';
import { JobFailure } from '../../platform/jobs/job-failure.ts';
import { auditExplanations, auditLog } from '../audit/index.ts';
import { chatPayload, integrationIn, isConfigured, sendChatMessage } from '../integrations/index.ts';
import { actorLabel, isOutboundLocale, messageVariables, renderOutboundMessage } from '../outbound/index.ts';
import { deliveryExplanation } from './delivery-explanation.ts';
import { deliveries } from './table.ts';
import { users, workspaces } from '../tenancy/index.ts';

/** A user as a message names them ("Name (e-mail)"); null when there is none. */
const labelOf = (user: { name: string | null; email: string } | null) =>
  user ? actorLabel(user.name, user.email) : null;

const actorUser = alias(users, 'actor_user');
const targetUser = alias(users, 'target_user');

/**
 * A delivery with everything its message is made of, in one query: the audit entry, its
 * workspace, the user who acted, the user an access change is about and the entry's explanation.
 */
async function deliveryWithEntry(ctx: Ctx, deliveryId: string) {
  const [found] = await ctx.db
    .select({
      delivery: deliveries,
      entry: auditLog,
      workspace: workspaces,
      actor: { name: actorUser.name, email: actorUser.email },
      target: { name: targetUser.name, email: targetUser.email },
      explanation: auditExplanations,
    })
    .from(deliveries)
    .innerJoin(auditLog, eq(auditLog.id, deliveries.auditId))
    .leftJoin(auditExplanations, eq(auditExplanations.auditId, deliveries.auditId))
    .innerJoin(workspaces, eq(workspaces.id, deliveries.workspaceId))
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(targetUser, eq(targetUser.id, sql`${auditLog.params}->>'target_user_id'`))
    .where(eq(deliveries.id, deliveryId))
    .limit(1);
  return found ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof deliveryWithEntry>>>;

/**
 * Sends one delivery (a job): the entry rendered through the workspace's chat policy in its locale,
 * with the audit reasoner's explanation when one was asked for and is there in time, shaped by the chat configuration as it is now (format, target JSON, masking), posted to the
 * webhook. Chat turned off, or left without a webhook, since the entry was written: the delivery
 * fails for good, saying so (a retry once it is back on sends it).
 */
export const deliverChatJob = defineJob({
  kind: 'chat.deliver',
  payload: z.strictObject({ delivery_id: z.string().min(1) }),
  handle: async ({ payload: { delivery_id: deliveryId }, ctx }) => {
    const found = await deliveryWithEntry(ctx, deliveryId);
    if (!found) throw new JobFailure(`delivery ${deliveryId} no longer exists`, { final: true });
    const chat = await integrationIn(ctx, found.delivery.workspaceId, 'chat');
    if (!chat.enabled)
      throw new JobFailure('chat was turned off before the message was sent', { final: true });
    if (!isConfigured(chat))
      throw new JobFailure('chat has no webhook_url any more (set one, then retry)', { final: true });
    const explained = await deliveryExplanation(
      ctx,
      found.explanation,
      found.delivery.createdAt.getTime() + ctx.config.integrations.model.reasonerWaitMs,
    );
    const message = await deliveryPayload(
      ctx,
      found,
      chat.fields,
      explained.explanation === 'included' ? explained.text : null,
    );
    const delivered = await sendChatMessage(chat.fields.webhook_url, message, {
      timeoutMs: ctx.config.integrations.timeoutMs,
      allowPrivate: ctx.config.integrations.allowPrivateNetwork,
      now: ctx.now,
    });
    await ctx.db
      .update(deliveries)
      .set({
        answer: delivered.answer,
        explanation: explained.explanation,
        explanationNote: explained.explanation === 'left_out' ? explained.note : null,
      })
      .where(eq(deliveries.id, deliveryId));
  },
});

/** The webhook payload of a delivery, rendered now. */
async function deliveryPayload(
  ctx: Ctx,
  { delivery, entry, workspace, actor, target }: Found,
  fields: Parameters<typeof chatPayload>[2],
  explanation: string | null,
) {
  const actorName =
    labelOf(actor) ?? entry.actorUserId ?? (entry.systemActor ? `ctxhub (${entry.systemActor})` : 'ctxhub');
  const projectKey = typeof entry.params.project_key === 'string' ? entry.params.project_key : null;
  const message = await renderOutboundMessage(ctx, {
    workspace,
    integrationType: 'chat',
    actionKey: entry.action,
    variables: messageVariables({
      action: entry.action,
      actor: actorName,
      actorEmail: actor?.email ?? null,
      workspaceKey: workspace.key,
      projectKey,
      targetType: entry.targetType,
      targetId: entry.targetId,
      severity: delivery.severity,
      occurredAt: entry.createdAt,
      params: entry.params,
      targetUser: labelOf(target),
    }),
  });
  return chatPayload(
    {
      text: message.text,
      locale: isOutboundLocale(message.template_locale) ? message.template_locale : 'en',
      action: entry.action,
      actor: actorName,
      workspaceKey: workspace.key,
      projectKey,
      occurredAt: entry.createdAt,
      severity: delivery.severity,
      target: { type: entry.targetType, id: entry.targetId, params: entry.params, metadata: entry.metadata },
      explanation,
    },
    delivery.channel,
    fields,
  );
}
