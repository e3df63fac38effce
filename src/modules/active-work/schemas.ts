import { z } from 'zod';
import { iso, isoDate, reason, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import { projectKey } from '../tenancy/index.ts';
import {
  EVENT_TYPES,
  EVIDENCE_KINDS,
  ITEM_STATUSES,
  type EventRow,
  type EvidenceRow,
  type ItemRow,
} from './table.ts';

export const projectParams = z.strictObject({ key: projectKey });

export const itemParams = z.strictObject({
  id: z.string().regex(/^awi_[0-9A-Z]{26}$/, 'must be an Active Work item id (awi_...)'),
});

const statusList = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const wanted = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const s of wanted) {
      if (!(ITEM_STATUSES as readonly string[]).includes(s)) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown status ${JSON.stringify(s.slice(0, 40))}: use ${ITEM_STATUSES.join(', ')}`,
        });
        return z.NEVER;
      }
    }
    return wanted as (typeof ITEM_STATUSES)[number][];
  });

export const listItemsQuery = z.strictObject({
  workspace_key: workspaceKey,
  status: statusList
    .optional()
    .describe('Comma-separated statuses (active, stale, confirmed, closed); default: all but closed'),
  ...pageQuery,
});

export const listEventsQuery = z.strictObject({
  workspace_key: workspaceKey,
  item_id: itemParams.shape.id.optional(),
  type: z.enum(EVENT_TYPES).optional(),
  from: isoDate.optional().describe('Events at or after this time'),
  to: isoDate.optional().describe('Events before this time'),
  ...pageQuery,
});

export const actionBody = z
  .strictObject({ reason: reason.optional() })
  .nullish()
  .describe('Why (kept on the event and in the audit entry)');

const person = z.object({ user_id: z.string(), email: z.string().nullable() });

export const itemAnswer = z.object({
  id: z.string(),
  project_key: z.string(),
  title: z.string(),
  status: z.enum(ITEM_STATUSES),
  closed_by_hand: z.boolean().describe('A person closed it: new evidence is recorded but never reopens it'),
  confidence: z.number().describe('0..1: 1 - product of (1 - weight) over the kinds of evidence seen'),
  confidence_parts: z.record(z.string(), z.number()).describe('The weight each kind of evidence seen adds'),
  subpath: z.string().nullable(),
  branch: z.string().nullable(),
  issue_keys: z.array(z.string()),
  people: z.array(person).describe('Who the evidence comes from'),
  evidence_count: z.number().int(),
  first_evidence_at: timestamp,
  last_evidence_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});

export const evidenceAnswer = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  ref: z
    .string()
    .describe(
      'memory:<id>, audit:<id> (a CI run), git_event:<id>, codehost:<repository>#<number> or codehost:<repository>@<sha>',
    ),
  summary: z.string(),
  url: z.string().nullable().describe('Where to see it (a pull request or commit page), when it has one'),
  user_id: z.string().nullable(),
  occurred_at: timestamp,
});

export const eventAnswer = z.object({
  id: z.string(),
  item_id: z.string(),
  item_title: z.string().describe("The title of the event's item, as it is now"),
  type: z.enum(EVENT_TYPES),
  prev_status: z.enum(ITEM_STATUSES).nullable(),
  next_status: z.enum(ITEM_STATUSES),
  actor: z.union([person, z.object({ system: z.string() })]),
  reason: z.string().nullable(),
  details: z
    .record(z.string(), z.unknown())
    .describe('The evidence, the rule that matched it, confidence before and after'),
  correlation_id: z.string().nullable(),
  created_at: timestamp,
});

export const itemList = listAnswer(itemAnswer);
export const eventList = listAnswer(eventAnswer);
export const itemDetail = itemAnswer.extend({
  evidence: z.array(evidenceAnswer).describe('Newest first, at most 100'),
  events: z.array(eventAnswer).describe('Oldest first, at most 200'),
});
export const actionAnswer = z.object({ item: itemAnswer, event: eventAnswer });

/** Emails of the users named, for presenting people. */
export type Emails = ReadonlyMap<string, string>;

export function presentItem(item: ItemRow, projectKey: string, emails: Emails): z.input<typeof itemAnswer> {
  return {
    id: item.id,
    project_key: projectKey,
    title: item.title,
    status: item.status,
    closed_by_hand: item.closedByHand,
    confidence: item.confidence,
    confidence_parts: item.confidenceParts as Record<string, number>,
    subpath: item.subpath,
    branch: item.branch,
    issue_keys: item.issueKeys,
    people: item.people.map((id) => ({ user_id: id, email: emails.get(id) ?? null })),
    evidence_count: item.evidenceCount,
    first_evidence_at: iso(item.firstEvidenceAt),
    last_evidence_at: iso(item.lastEvidenceAt),
    created_at: iso(item.createdAt),
    updated_at: iso(item.updatedAt),
  };
}

export function presentEvent(
  event: EventRow,
  emails: Emails,
  itemTitle: string,
): z.input<typeof eventAnswer> {
  return {
    id: event.id,
    item_id: event.itemId,
    item_title: itemTitle,
    type: event.type,
    prev_status: event.prevStatus,
    next_status: event.nextStatus,
    actor: event.actorUserId
      ? { user_id: event.actorUserId, email: emails.get(event.actorUserId) ?? null }
      : { system: event.systemActor ?? 'system' },
    reason: event.reason,
    details: event.details,
    correlation_id: event.correlationId,
    created_at: iso(event.createdAt),
  };
}

export const presentEvidence = (row: EvidenceRow): z.input<typeof evidenceAnswer> => ({
  kind: row.kind,
  ref: row.ref,
  summary: row.summary,
  url: row.url,
  user_id: row.userId,
  occurred_at: iso(row.occurredAt),
});
