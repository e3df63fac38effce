/** The memory answers of the API and how rows are presented in them (the requests: schemas.ts). */
import { z } from 'zod';
import { iso, timestamp } from '../../platform/http/fields.ts';
import { listAnswer } from '../../platform/http/pagination.ts';
import { MEMORY_FLAGS, MEMORY_SOURCES, MEMORY_STATUSES } from '../tenancy/index.ts';
import type { MemoryView } from './review-clock.ts';
import { memoryType } from './schemas.ts';
import type { MemoryVersionRow } from './table.ts';

const memoryFields = {
  id: z.string(),
  workspace_key: z.string(),
  project_key: z.string(),
  type: memoryType,
  content: z.string(),
  status: z.enum(MEMORY_STATUSES),
  source: z.enum(MEMORY_SOURCES),
  metadata: z.record(z.string(), z.unknown()),
  evidence_ref: z.string().nullable(),
  created_by: z.string().nullable().describe('User id of the author (null for system imports)'),
  superseded_by: z.string().nullable().describe('The newer memory that replaced this one'),
  supersedes: z.array(z.string()).describe('The memories this one replaced when it was written'),
  flags: z
    .array(z.enum(MEMORY_FLAGS))
    .describe('instruction_like, stale or needs_review: each asks a person to look at the memory'),
  flag_notes: z.record(z.string(), z.string()).describe('Why each flag was set, in words'),
  review_after: z.string().nullable().describe('The review date a person set, if any'),
  review_due_at: z
    .string()
    .nullable()
    .describe(
      "When the memory becomes stale: review_after, else reviewed_at plus its type's review_after_days",
    ),
  reviewed_at: timestamp.describe(
    'When its review clock last started: written, used in a bundle or confirmed',
  ),
  version: z.number().int(),
  occurred_at: timestamp.describe('When what it says happened; recency in recall and the bundle'),
  created_at: timestamp,
  updated_at: timestamp,
};
export const memoryAnswer = z.object(memoryFields);
export const memoryWriteAnswer = z.object({
  ...memoryFields,
  redactions: z.number().int().describe('Secrets replaced by [redacted:<kind>] markers in this write'),
  deduplicated: z
    .boolean()
    .describe('true: an identical memory existed; it is answered and nothing was stored'),
  possibly_supersedes: z
    .array(
      z.object({
        id: z.string(),
        status: z
          .enum(MEMORY_STATUSES)
          .describe('draft or confirmed: superseding a confirmed memory needs the maintainer role'),
        content: z.string().describe('The older memory, up to 300 characters'),
        why: z.string().describe('What differs: a number, version, name or negation'),
      }),
    )
    .describe(
      'Older memories of the same type that this one seems to contradict: if it replaces them, remember it again with supersedes set to their ids (or PATCH supersedes)',
    ),
});

export const scoreParts = z.object({
  score: z.number(),
  all_terms_matched: z.boolean(),
  matched_terms: z.array(z.string()),
  matches: z
    .array(z.object({ term: z.string(), rule: z.string(), word: z.string() }))
    .describe(
      'How each matched term matched: identifier, joined, parts, stem, prefix, split or typo, and the word it matched',
    ),
  coverage: z
    .number()
    .describe('Share of the query matched, each word weighted by its rarity in the project (idf)'),
  text_rank: z.number(),
  identifier_match: z.boolean(),
  type_weight: z.number(),
  recency: z.number(),
  subpath_boost: z.number(),
  status_weight: z.number(),
  flag_weight: z.number().describe('Lower for a stale memory or one whose cited code is missing'),
});
/** The parts of a recalled memory's score (`explain=true`), as score-recall.ts computes them. */
export type ScoreParts = z.output<typeof scoreParts>;
export const recalledMemory = memoryAnswer.extend({ explain: scoreParts.optional() });
export const memoryList = listAnswer(recalledMemory).extend({
  query: z
    .object({
      terms: z.array(z.string()),
      corrections: z.record(z.string(), z.string()).describe('Misspelled query word -> known word'),
      candidates: z.number().int().describe('Matches considered (bounded)'),
    })
    .optional()
    .describe('With q and explain=true: how the query was understood'),
});

export const memoryVersion = z.object({
  memory_id: z.string(),
  version: z.number().int(),
  change: z.enum(['created', 'updated', 'deleted']),
  type: memoryType,
  content: z.string(),
  status: z.enum(MEMORY_STATUSES),
  source: z.enum(MEMORY_SOURCES),
  metadata: z.record(z.string(), z.unknown()),
  evidence_ref: z.string().nullable(),
  occurred_at: timestamp,
  superseded_by: z.string().nullable(),
  supersedes: z.array(z.string()),
  flags: z.array(z.enum(MEMORY_FLAGS)),
  review_after: z.string().nullable(),
  reason: z
    .string()
    .nullable()
    .describe(
      'Why this version was written when not by an edit: superseded, marked stale, citation missing ...',
    ),
  changed_by: z.string().nullable(),
  changed_at: timestamp,
});
export const memoryHistory = listAnswer(memoryVersion);

const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

export const presentMemory = (
  m: MemoryView,
  keys: { workspaceKey: string; projectKey: string },
): z.output<typeof memoryAnswer> => ({
  id: m.id,
  workspace_key: keys.workspaceKey,
  project_key: keys.projectKey,
  type: m.type,
  content: m.content,
  status: m.status,
  source: m.source,
  metadata: m.metadata,
  evidence_ref: m.evidenceRef,
  created_by: m.createdBy,
  superseded_by: m.supersededBy,
  supersedes: m.supersedes,
  flags: m.flags,
  flag_notes: m.flagNotes as Record<string, string>,
  review_after: isoOrNull(m.reviewAfter),
  review_due_at: isoOrNull(m.reviewDueAt),
  reviewed_at: iso(m.reviewedAt),
  version: m.version,
  occurred_at: iso(m.occurredAt),
  created_at: iso(m.createdAt),
  updated_at: iso(m.updatedAt),
});

export const presentVersion = (v: MemoryVersionRow): z.output<typeof memoryVersion> => ({
  memory_id: v.memoryId,
  version: v.version,
  change: v.change,
  type: v.type,
  content: v.content,
  status: v.status,
  source: v.source,
  metadata: v.metadata,
  evidence_ref: v.evidenceRef,
  occurred_at: iso(v.occurredAt),
  superseded_by: v.supersededBy,
  supersedes: v.supersedes,
  flags: v.flags,
  review_after: isoOrNull(v.reviewAfter),
  reason: v.reason,
  changed_by: v.changedBy,
  changed_at: iso(v.changedAt),
});
