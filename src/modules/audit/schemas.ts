import { z } from 'zod';
import { iso, isoDate, timestamp, userId, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import type { AccessTimelineRow } from './access-timeline.ts';
import { summarize } from './access-timeline.ts';
import { ACCESS_SOURCES, EXPLANATION_STATUSES, type AuditRow, type ExplanationRow } from './table.ts';
import { projectKey } from '../tenancy/index.ts';

export const auditLogsQuery = z.strictObject({
  workspace_key: workspaceKey.optional().describe('Omit for the server-level log (server admins)'),
  action_prefix: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Only actions starting with this text, e.g. `access.`'),
  ...pageQuery,
});
export const verifyQuery = z.strictObject({
  workspace_key: workspaceKey.optional().describe('Omit for the server-level chain (server admins)'),
});
export const accessTimelineQuery = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey.optional(),
  user_id: userId.optional().describe('Target user'),
  source: z.enum(ACCESS_SOURCES).optional(),
  action: z.enum(['add', 'change', 'remove']).optional(),
  correlation_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Only the events of one batch (a removal with its project memberships, a sync)'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageQuery,
});

const actor = z.object({
  user_id: z.string().nullable(),
  system: z.string().nullable().describe('Set when a system flow acted'),
});

export const auditEntry = z.object({
  id: z.string(),
  seq: z.number().int(),
  workspace_key: z.string().nullable(),
  action: z.string(),
  target: z.object({
    type: z.string(),
    id: z.string().nullable(),
    params: z.record(z.string(), z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
  }),
  actor,
  correlation_id: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: timestamp,
  prev_hash: z.string().nullable(),
  hash: z.string(),
  explanation: z
    .object({
      status: z.enum(EXPLANATION_STATUSES),
      text: z.string().nullable().describe("The language model's plain-language explanation (status done)"),
      model: z.string().nullable(),
      cached: z.boolean().describe("Reused from an equal entry's explanation: no call was made"),
      failure: z.string().nullable().describe('Why there is none (status failed)'),
      finished_at: timestamp.nullable(),
    })
    .nullable()
    .describe(
      'Set when the audit reasoner was asked to explain the entry (it was sent to chat without a reason)',
    ),
});
export const auditList = listAnswer(auditEntry);

export const chainReport = z.object({
  intact: z.boolean(),
  entries_checked: z.number().int(),
  head_seq: z.number().int(),
  first_break: z
    .object({
      seq: z.number().int(),
      id: z.string().nullable(),
      reason: z.enum(['sequence_gap', 'prev_hash_mismatch', 'hash_mismatch', 'head_mismatch']),
      message: z.string(),
    })
    .nullable(),
});

export type ChainReport = z.output<typeof chainReport>;

export const accessEvent = z.object({
  id: z.string(),
  created_at: timestamp,
  action: z.string(),
  summary: z.string(),
  source: z.enum(ACCESS_SOURCES),
  change: z.enum(['add', 'change', 'remove']),
  actor: actor.extend({ email: z.string().nullable() }),
  target_user: z.object({ id: z.string(), email: z.string().nullable() }),
  workspace_key: z.string(),
  project_key: z.string().nullable(),
  old_role: z.string().nullable(),
  new_role: z.string().nullable(),
  correlation_id: z.string().nullable(),
  evidence: z.record(z.string(), z.unknown()).nullable(),
  params: z.record(z.string(), z.unknown()),
});
export const accessTimelineAnswer = listAnswer(accessEvent);

export const presentAuditEntry = (
  e: AuditRow,
  workspaceKey: string | null,
  explanation: ExplanationRow | null = null,
): z.output<typeof auditEntry> => ({
  id: e.id,
  seq: e.seq,
  workspace_key: workspaceKey,
  action: e.action,
  target: { type: e.targetType, id: e.targetId, params: e.params, metadata: e.metadata },
  actor: { user_id: e.actorUserId, system: e.systemActor },
  correlation_id: e.correlationId,
  request_id: e.requestId,
  created_at: iso(e.createdAt),
  prev_hash: e.prevHash,
  hash: e.hash,
  explanation: explanation
    ? {
        status: explanation.status,
        text: explanation.text,
        model: explanation.model,
        cached: explanation.cached,
        failure: explanation.failure,
        finished_at: explanation.finishedAt ? iso(explanation.finishedAt) : null,
      }
    : null,
});

export function presentAccessEvent(r: AccessTimelineRow, workspaceKey: string): z.output<typeof accessEvent> {
  const p = r.entry.params as {
    old_role?: string | null;
    new_role?: string | null;
    evidence?: Record<string, unknown>;
  };
  return {
    id: r.entry.id,
    created_at: iso(r.entry.createdAt),
    action: r.entry.action,
    summary: summarize(r, workspaceKey),
    source: r.source,
    change: r.change,
    actor: { user_id: r.entry.actorUserId, email: r.actorEmail, system: r.entry.systemActor },
    target_user: { id: r.targetUserId, email: r.targetEmail },
    workspace_key: workspaceKey,
    project_key: r.projectKey,
    old_role: p.old_role ?? null,
    new_role: p.new_role ?? null,
    correlation_id: r.entry.correlationId,
    evidence: p.evidence ?? null,
    params: r.entry.params,
  };
}
