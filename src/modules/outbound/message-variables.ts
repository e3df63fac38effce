/** What a message is made from: the facts every message has, and the action's own params. */
export interface MessageFacts {
  action: string;
  actor: string;
  actorEmail: string | null;
  workspaceKey: string;
  projectKey: string | null;
  targetType: string;
  targetId: string | null;
  severity: string;
  occurredAt: Date;
  /** The audit entry's params: each is a variable of its own name (`q`, `count` for raw.search). */
  params: Record<string, unknown>;
  /** How the message names the user an access change is about (`target_user_id` of its params). */
  targetUser?: string | null;
}

/**
 * The variables a template sees: the action's params by their own names, and the common ones
 * (which win over a param of the same name), plus `params` itself. An access change also has
 * `target_user`: the user it is about as a message names them (else their id).
 */
export function messageVariables(facts: MessageFacts): Record<string, unknown> {
  const targetUser = facts.targetUser ?? facts.params.target_user ?? facts.params.target_user_id;
  return {
    ...facts.params,
    ...(targetUser === undefined || targetUser === null ? {} : { target_user: targetUser }),
    params: facts.params,
    action: facts.action,
    actor: facts.actor,
    actor_email: facts.actorEmail ?? '',
    workspace_key: facts.workspaceKey,
    project_key: facts.projectKey ?? '',
    target_type: facts.targetType,
    target_id: facts.targetId ?? '',
    severity: facts.severity,
    occurred_at: facts.occurredAt.toISOString(),
  };
}

/** How a message names a user: "Name (e-mail)", or the e-mail alone. */
export const actorLabel = (name: string | null, email: string) => (name ? `${name} (${email})` : email);
