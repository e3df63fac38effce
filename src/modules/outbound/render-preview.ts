import type { Ctx } from '../../platform/context.ts';
import { actorLabel, messageVariables } from './message-variables.ts';
import { renderOutboundMessage, type RenderedMessage } from './render-outbound-message.ts';
import type { OutboundIntegrationType } from './table.ts';
import { requireUser, requireWorkspaceRole } from '../access/index.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Renders one message as the workspace would send it (its policy, locales and templates), with
 * `params` as the action's variables and the caller as the actor; members. With `template`, that
 * template instead (the preview of an edit before it is saved).
 */
export async function renderPreview({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: {
    workspace_key: string;
    integration_type: OutboundIntegrationType;
    action_key: string;
    params?: Record<string, unknown> | undefined;
    locale?: string | undefined;
    template?: string | undefined;
  };
}): Promise<RenderedMessage> {
  const access = await requireWorkspaceRole(ctx, input.workspace_key, 'member');
  const actor = requireUser(ctx);
  const params = input.params ?? {};
  return renderOutboundMessage(ctx, {
    workspace: access.workspace,
    integrationType: input.integration_type,
    actionKey: input.action_key,
    locale: input.locale,
    template: input.template,
    variables: messageVariables({
      action: input.action_key,
      actor: actorLabel(actor.name, actor.email),
      actorEmail: actor.email,
      workspaceKey: access.workspace.key,
      projectKey: text(params.project_key),
      targetType: text(params.target_type) ?? '',
      targetId: text(params.target_id),
      severity: text(params.severity) ?? 'low',
      occurredAt: ctx.now(),
      params,
    }),
  });
}
