import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { JobFailure } from '../../platform/jobs/job-failure.ts';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { auditEntry } from '../audit/index.ts';
import { chatPayload, integrationIn, isConfigured, sendChatMessage } from '../integrations/index.ts';
import { actorLabel, isOutboundLocale, messageVariables, renderOutboundMessage } from '../outbound/index.ts';
import { users } from '../users/index.ts';
import { workspaces } from '../workspaces/index.ts';
import { deliveries, type DeliveryRow } from './table.ts';

/** A user as a message names them ("Name (e-mail)"), or null when there is no such user. */
async function userLabel(ctx: Ctx, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ? { label: actorLabel(user.name, user.email), email: user.email } : null;
}

/** Who acted, as a message names them: a user's name and e-mail (or e-mail alone), or the server. */
async function actorOf(ctx: Ctx, userId: string | null, systemActor: string | null) {
  if (userId === null) return { actor: systemActor ? `ctxhub (${systemActor})` : 'ctxhub', email: null };
  const user = await userLabel(ctx, userId);
  return user ? { actor: user.label, email: user.email } : { actor: userId, email: null };
}

/**
 * Sends one delivery (a job): the entry rendered through the workspace's chat policy in its locale,
 * shaped by the chat configuration as it is now (format, target JSON, masking), posted to the
 * webhook. Chat turned off, or left without a webhook, since the entry was written: the delivery
 * fails for good, saying so (a retry once it is back on sends it).
 */
export const deliverChat: JobHandler = async ({ job, ctx }) => {
  const deliveryId = String(job.payload.delivery_id);
  const [delivery] = await ctx.db.select().from(deliveries).where(eq(deliveries.id, deliveryId)).limit(1);
  if (!delivery) throw new JobFailure(`delivery ${deliveryId} no longer exists`, { final: true });
  const chat = await integrationIn(ctx, delivery.workspaceId, 'chat');
  if (!chat.enabled) throw new JobFailure('chat was turned off before the message was sent', { final: true });
  if (!isConfigured(chat))
    throw new JobFailure('chat has no webhook_url any more (set one, then retry)', { final: true });
  const payload = await deliveryPayload(ctx, delivery, chat.fields);
  const delivered = await sendChatMessage(chat.fields.webhook_url, payload, {
    timeoutMs: ctx.config.integrations.timeoutMs,
    allowPrivate: ctx.config.integrations.allowPrivateNetwork,
    now: ctx.now,
  });
  await ctx.db.update(deliveries).set({ answer: delivered.answer }).where(eq(deliveries.id, delivery.id));
};

/** The webhook payload of a delivery, rendered now. */
async function deliveryPayload(ctx: Ctx, delivery: DeliveryRow, fields: Parameters<typeof chatPayload>[2]) {
  const entry = await auditEntry(ctx, delivery.auditId);
  if (!entry) throw new JobFailure(`audit entry ${delivery.auditId} no longer exists`, { final: true });
  const [workspace] = await ctx.db
    .select()
    .from(workspaces)
    .where(eq(workspaces.id, delivery.workspaceId))
    .limit(1);
  if (!workspace) throw new JobFailure('the workspace no longer exists', { final: true });
  const who = await actorOf(ctx, entry.actorUserId, entry.systemActor);
  const projectKey = typeof entry.params.project_key === 'string' ? entry.params.project_key : null;
  const targetUserId = entry.params.target_user_id;
  const targetUser = typeof targetUserId === 'string' ? await userLabel(ctx, targetUserId) : null;
  const message = await renderOutboundMessage(ctx, {
    workspace,
    integrationType: 'chat',
    actionKey: entry.action,
    variables: messageVariables({
      action: entry.action,
      actor: who.actor,
      actorEmail: who.email,
      workspaceKey: workspace.key,
      projectKey,
      targetType: entry.targetType,
      targetId: entry.targetId,
      severity: delivery.severity,
      occurredAt: entry.createdAt,
      params: entry.params,
      targetUser: targetUser?.label ?? null,
    }),
  });
  return chatPayload(
    {
      text: message.text,
      locale: isOutboundLocale(message.template_locale) ? message.template_locale : 'en',
      action: entry.action,
      actor: who.actor,
      workspaceKey: workspace.key,
      projectKey,
      occurredAt: entry.createdAt,
      severity: delivery.severity,
      target: { type: entry.targetType, id: entry.targetId, params: entry.params, metadata: entry.metadata },
    },
    delivery.channel,
    fields,
  );
}
