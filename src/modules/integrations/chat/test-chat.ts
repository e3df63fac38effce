import type { Ctx } from '../../../platform/context.ts';
import { upstreamError } from '../../../platform/http/errors.ts';
import { JobFailure } from '../../../platform/jobs/job-failure.ts';
import { configuredIntegration } from '../config/configured-integration.ts';
import { actorLabel } from '../../outbound/index.ts';
import { chatPayload } from './chat-message.ts';
import { sendChatMessage, type ChatDelivered } from './send-chat-message.ts';
import { requireUser, requireWorkspaceRole } from '../../access/index.ts';

/**
 * Sends one test message now through the chat configuration that applies (format, channel,
 * masking as a notification would have them) and answers what the webhook replied; workspace
 * admins. A refusal or failure is a 502 saying the webhook's reason. Nothing is stored or audited:
 * the message in the channel is the record.
 */
export async function testChat({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; channel?: string | undefined };
}): Promise<ChatDelivered & { channel: string | null }> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'admin');
  const actor = requireUser(ctx);
  const chat = await configuredIntegration(ctx, access, 'chat');
  const channel = input.channel ?? chat.fields.default_channel ?? null;
  const payload = chatPayload(
    {
      text: `Test message from ctxhub for workspace ${access.workspace.key}, sent by ${actor.email}. Audit notifications will arrive here.`,
      locale: 'en',
      action: 'integration.chat_test',
      actor: actorLabel(actor.name, actor.email),
      workspaceKey: access.workspace.key,
      projectKey: null,
      occurredAt: ctx.now(),
      severity: 'low',
      target: { type: 'integration', id: 'chat' },
    },
    channel,
    chat.fields,
  );
  try {
    const delivered = await sendChatMessage(chat.fields.webhook_url, payload, {
      timeoutMs: ctx.config.integrations.timeoutMs,
      allowPrivate: ctx.config.integrations.allowPrivateNetwork,
      now: ctx.now,
    });
    return { ...delivered, channel };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw upstreamError(`The chat test message was not delivered: ${reason}`, {
      retryable: !(err instanceof JobFailure && err.final),
      ...(err instanceof JobFailure && err.retryAfterMs !== undefined
        ? { retry_after_seconds: Math.ceil(err.retryAfterMs / 1000) }
        : {}),
    });
  }
}
