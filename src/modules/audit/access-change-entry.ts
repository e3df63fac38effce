import type { Ctx } from '../../platform/context.ts';
import type { AccessScope, AccessVerb } from './actions/access.ts';
import type { AuditParams } from './audit-actions.ts';
import { appendAudits, type AuditInput } from './audit-entries.ts';
import { missing } from '../../platform/missing.ts';
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

/** The params, action and target of one access change's entry. */
function accessEntry(input: AccessChangeInput) {
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
  const entry = {
    workspaceId: input.workspace.id,
    action: `access.${scope}.${ACTION_OF[change]}`,
    target: input.project
      ? { type: 'project', id: input.project.id }
      : { type: 'workspace', id: input.workspace.id },
    params,
    correlationId: input.correlationId ?? null,
  } as AuditInput<AccessAction>;
  return { change, entry };
}

/**
 * The one way to record a membership change, whoever makes it (manual routes, the code host's
 * permission sync; directory and system flows later, each with its correlation id). Writes the
 * `access.*` audit entry with the standard access params (docs/api.md#audit-log-and-access-timeline),
 * plus its row in the timeline index.
 */
export async function recordAccessChange(ctx: Ctx, input: AccessChangeInput): Promise<AuditRow> {
  const [entry = missing('the access entry')] = await recordAccessChanges(ctx, [input]);
  return entry;
}

/** recordAccessChange for many changes at once: one append of every entry, one insert of their index rows. */
export async function recordAccessChanges(
  ctx: Ctx,
  inputs: readonly AccessChangeInput[],
): Promise<AuditRow[]> {
  if (inputs.length === 0) return [];
  const prepared = inputs.map(accessEntry);
  const entries = await appendAudits(
    ctx,
    prepared.map((p) => p.entry),
  );
  const rows = entries.map((entry, i) => {
    const input = inputs[i] ?? missing('the access change of an entry');
    return {
      auditId: entry.id,
      workspaceId: input.workspace.id,
      seq: entry.seq,
      projectKey: input.project?.key ?? null,
      targetUserId: input.targetUserId,
      source: input.source,
      change: prepared[i]?.change ?? missing('the change of an entry'),
      createdAt: entry.createdAt,
    };
  });
  for (let i = 0; i < rows.length; i += 2000)
    await ctx.db.insert(accessEvents).values(rows.slice(i, i + 2000));
  return entries;
}
