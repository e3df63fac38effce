import type { Ctx } from '../../platform/context.ts';
import type { AccessScope, AccessVerb } from './actions/access.ts';
import type { AuditParams } from './audit-actions.ts';
import { appendAudit, type AuditInput } from './audit-entries.ts';
import { accessEvents, type AccessChange, type AccessSource, type AuditRow } from './table.ts';

export interface AccessChangeInput {
  workspace: { id: string; key: string };
  /** Set for project membership changes. */
  project?: { id: string; key: string };
  targetUserId: string;
  oldRole: string | null;
  newRole: string | null;
  source: AccessSource;
  correlationId?: string | null;
  evidence?: AuditParams<AccessAction>['evidence'];
}

type AccessAction = `access.${AccessScope}.${AccessVerb}`;

const ACTION_OF: Record<AccessChange, AccessVerb> = {
  add: 'added',
  change: 'role_changed',
  remove: 'removed',
};

/**
 * The one way to record a membership change, whoever makes it (manual routes today; code host,
 * directory and system flows later, each with its correlation id). Writes the `access.*` audit
 * entry with the standard access params (docs/api.md#audit-log-and-access-timeline), plus its row
 * in the timeline index.
 */
export async function recordAccessChange(ctx: Ctx, input: AccessChangeInput): Promise<AuditRow> {
  const change: AccessChange = input.oldRole === null ? 'add' : input.newRole === null ? 'remove' : 'change';
  const scope: AccessScope = input.project ? 'project_member' : 'workspace_member';
  const params = {
    source: input.source,
    target_user_id: input.targetUserId,
    old_role: input.oldRole?.toUpperCase() ?? null,
    new_role: input.newRole?.toUpperCase() ?? null,
    workspace_key: input.workspace.key,
    ...(input.project ? { project_key: input.project.key } : {}),
    ...(input.correlationId ? { correlation_id: input.correlationId } : {}),
    ...(input.evidence ? { evidence: input.evidence } : {}),
  };
  // The action follows from the roles and the project, which the compiler cannot tie to the
  // params' shape: the append checks them against the action's schema.
  const entry = await appendAudit(ctx, {
    workspaceId: input.workspace.id,
    action: `access.${scope}.${ACTION_OF[change]}`,
    target: input.project
      ? { type: 'project', id: input.project.id }
      : { type: 'workspace', id: input.workspace.id },
    params,
    correlationId: input.correlationId ?? null,
  } as AuditInput<AccessAction>);
  await ctx.db.insert(accessEvents).values({
    auditId: entry.id,
    workspaceId: input.workspace.id,
    seq: entry.seq,
    projectKey: input.project?.key ?? null,
    targetUserId: input.targetUserId,
    source: input.source,
    change,
    createdAt: entry.createdAt,
  });
  return entry;
}
