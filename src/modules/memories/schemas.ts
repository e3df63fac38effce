import { z } from 'zod';
import {
  iso,
  isoDate,
  isoDateText,
  searchText,
  timestamp,
  workspaceKey,
} from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import type { MemoryRow } from './table.ts';
import { MEMORY_SOURCES, MEMORY_STATUSES, MEMORY_TYPES } from './vocabulary.ts';
import { projectKey } from '../tenancy/index.ts';

export const MAX_MEMORY_CHARS = 8000;
const MAX_METADATA_BYTES = 8192;

/** A path inside the repository (`apps/web`): relative, no `.`/`..` or empty segments. */
export const subpath = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'must be a relative path such as apps/web')
  .refine((v) => !v.split('/').some((s) => s === '.' || s === '..'), 'must not contain "." or ".." segments');

export const memoryType = z.enum(MEMORY_TYPES);
const content = z.string().trim().min(1).max(MAX_MEMORY_CHARS);
const MAX_METADATA_DEPTH = 16;

/** Nesting depth of a JSON value, counted without recursion (hostile input cannot overflow the stack). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, d] = top;
    if (d > max) max = d;
    if (d > MAX_METADATA_DEPTH) break;
    if (v !== null && typeof v === 'object') for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return max;
}

const metadataObject = z
  .object({ subpath: subpath.optional().describe('The sub-project (monorepo path) the memory is about') })
  .catchall(z.json())
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_METADATA_BYTES, {
    message: `must be at most ${MAX_METADATA_BYTES} bytes as JSON`,
  })
  .describe('Free-form JSON object; `subpath` is used by recall');
const metadata = z
  .unknown()
  .refine((v) => depthOf(v) <= MAX_METADATA_DEPTH, {
    message: `must not be nested more than ${MAX_METADATA_DEPTH} levels deep`,
    abort: true,
  })
  .pipe(metadataObject);
const evidenceRef = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .nullable()
  .describe('Where the memory comes from, e.g. `raw_message:rmsg_...` or a URL');

/** When what a memory says happened, as a client writes it (the MCP `remember` tool takes it too). */
export const occurredAt = isoDateText.describe(
  'When what the memory says happened (default: now); recall and the bundle rank recency by it. Not in the future',
);

export const createMemoryBody = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey,
  type: memoryType,
  content,
  metadata: metadata.optional(),
  status: z
    .enum(MEMORY_STATUSES)
    .default('draft')
    .describe('confirmed or rejected needs the maintainer role'),
  source: z.enum(['human', 'auto']).default('human').describe('`import` is set by the import pipeline'),
  evidence_ref: evidenceRef.optional(),
  occurred_at: occurredAt.optional(),
});

export const updateMemoryBody = z
  .strictObject({
    workspace_key: workspaceKey.optional().describe('Optional; must match the memory if given'),
    content: content.optional(),
    type: memoryType.optional(),
    status: z.enum(MEMORY_STATUSES).optional().describe('Changing the status needs the maintainer role'),
    metadata: metadata.optional(),
    evidence_ref: evidenceRef.optional(),
    occurred_at: occurredAt.optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'workspace_key'), {
    message: 'give at least one field to change',
    path: ['content'],
  });

export const memoryParams = z.strictObject({
  id: z
    .string()
    .max(64)
    .regex(/^mem_[0-9A-Z]+$/, 'must be a memory id (mem_...)'),
});
export const memoryByIdQuery = z.strictObject({
  workspace_key: workspaceKey.optional().describe('Optional; must match the memory if given'),
});

const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(500)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))])
    .pipe(z.array(z.enum(values)).min(1));

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .default(false);

export const listMemoriesQuery = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey,
  q: searchText.optional().describe('Full-text query; results ranked by relevance'),
  type: commaList(MEMORY_TYPES).optional().describe('Comma-separated memory types'),
  status: commaList(MEMORY_STATUSES)
    .optional()
    .describe('Comma-separated statuses (default draft,confirmed: rejected memories are not recalled)'),
  since: isoDate.optional().describe('Only memories created at or after this time'),
  current_subpath: subpath.optional().describe('Boosts memories of this sub-project'),
  explain: booleanQuery.describe('true: each item carries its score parts'),
  ...pageQuery,
});

export const historyQuery = z.strictObject({
  workspace_key: workspaceKey.optional(),
  ...pageQuery,
});

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
  coverage: z.number(),
  text_rank: z.number(),
  identifier_match: z.boolean(),
  type_weight: z.number(),
  recency: z.number(),
  subpath_boost: z.number(),
  status_weight: z.number(),
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
  changed_by: z.string().nullable(),
  changed_at: timestamp,
});
export const memoryHistory = listAnswer(memoryVersion);

export const presentMemory = (
  m: MemoryRow,
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
  version: m.version,
  occurred_at: iso(m.occurredAt),
  created_at: iso(m.createdAt),
  updated_at: iso(m.updatedAt),
});
