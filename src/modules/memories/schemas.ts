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
import type { MemoryVersionRow } from './table.ts';
import type { MemoryView } from './review-clock.ts';
import {
  MEMORY_FLAGS,
  MEMORY_SOURCES,
  MEMORY_STATUSES,
  MEMORY_TYPES,
  WRITABLE_STATUSES,
} from '../tenancy/index.ts';
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

/** The most places in the code one memory may cite. */
const MAX_CITES = 20;

/**
 * A file or folder of the repository a memory cites (`invoice.ts` in `src/billing`): relative to the
 * repository root, `/`-separated, without `.`, `..` or empty segments, backslashes or control
 * characters. Wider than `subpath` (file names hold spaces, `@`, `[id]`, `(group)` ...).
 */
const citedPath = z
  .string()
  .min(1)
  .max(500)
  .refine((v) => !v.startsWith('/'), 'must be relative to the repository root (no leading /)')
  .refine((v) => !/[\p{Cc}\\]/u.test(v), 'must not contain control characters or backslashes')
  .refine(
    (v) => !v.split('/').some((s) => s === '' || s === '.' || s === '..'),
    'must not contain empty, "." or ".." segments',
  )
  .describe('A file or folder relative to the repository root, e.g. src/billing/invoice.ts');
/** A name cited in a file (`computeTaxLines`): found there as plain text. */
const citedSymbol = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => v.trim() === v, 'must not start or end with spaces')
  .refine((v) => !/\p{Cc}/u.test(v), 'must be one line without control characters')
  .describe('A name that occurs in the file as written, e.g. computeTaxLines');
const commitSha = z.string().regex(/^[0-9a-fA-F]{7,40}$/, 'must be a git commit sha (7 to 40 hex digits)');
const cite = z.strictObject({
  path: citedPath,
  symbol: citedSymbol.optional(),
  commit: commitSha.optional().describe('The commit the citation was made at'),
});
/** A memory's citation as written in `metadata.cites`. */
export type Cite = z.output<typeof cite>;
const cites = z
  .array(cite)
  .max(MAX_CITES)
  .describe(
    'Code the memory cites: clients working in the repository (ctxhub context, ctxhub mcp) check each still exists and report the ones that do not',
  );

/**
 * The valid citations of a stored `metadata.cites` (metadata was free-form before `cites` was
 * checked: anything else is left out), at most MAX_CITES.
 */
export function citesOf(value: unknown): Cite[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_CITES).flatMap((c) => {
    const parsed = cite.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What a client checks of a citation where it works: its path, and the symbol to find in it. */
export interface CitedCode {
  path: string;
  symbol?: string;
}

/** The code a stored `metadata.cites` cites, as a client checks it (without the commits). */
export const citedCodeOf = (value: unknown): CitedCode[] =>
  citesOf(value).map(({ path, symbol }) => (symbol === undefined ? { path } : { path, symbol }));

const metadataObject = z
  .object({
    subpath: subpath.optional().describe('The sub-project (monorepo path) the memory is about'),
    cites: cites.optional(),
  })
  .catchall(z.json())
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_METADATA_BYTES, {
    message: `must be at most ${MAX_METADATA_BYTES} bytes as JSON`,
  })
  .describe('Free-form JSON object; `subpath` is used by recall, `cites` by clients in the repository');
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

export const memoryId = z
  .string()
  .max(64)
  .regex(/^mem_[0-9A-Z]+$/, 'must be a memory id (mem_...)');

/** The most memories one write may supersede. */
export const MAX_SUPERSEDES = 20;
const supersedes = z
  .array(memoryId)
  .min(1)
  .max(MAX_SUPERSEDES)
  .refine((ids) => new Set(ids).size === ids.length, 'entries must be unique')
  .describe(
    'Memories of the same project this one replaces: they get status superseded (out of default recall and the bundle) and link to it. Superseding a memory that is not a draft needs the maintainer role',
  );
const reviewAfter = isoDateText
  .nullable()
  .describe(
    "A review date: past it the memory is marked stale until a person confirms it or moves the date (null clears it; without one, the workspace's review_after_days for its type applies)",
  );
const writableStatus = z.enum(WRITABLE_STATUSES);

export const createMemoryBody = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey,
  type: memoryType,
  content,
  metadata: metadata.optional(),
  status: writableStatus.default('draft').describe('confirmed or rejected needs the maintainer role'),
  source: z.enum(['human', 'auto']).default('human').describe('`import` is set by the import pipeline'),
  evidence_ref: evidenceRef.optional(),
  occurred_at: occurredAt.optional(),
  supersedes: supersedes.optional(),
  review_after: reviewAfter.optional(),
});

export const updateMemoryBody = z
  .strictObject({
    workspace_key: workspaceKey.optional().describe('Optional; must match the memory if given'),
    content: content.optional(),
    type: memoryType.optional(),
    status: writableStatus
      .optional()
      .describe(
        'Changing the status needs the maintainer role; confirmed (even unchanged) also restarts the review clock and clears stale and needs_review',
      ),
    metadata: metadata.optional(),
    evidence_ref: evidenceRef.optional(),
    occurred_at: occurredAt.optional(),
    supersedes: supersedes.optional().describe('Memories this one replaces, added to those it already does'),
    review_after: reviewAfter.optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'workspace_key'), {
    message: 'give at least one field to change',
    path: ['content'],
  });

/** A citation a client did not find: the `path` and `symbol` of one of the memory's cites. */
const citationRef = z.strictObject({ path: citedPath, symbol: citedSymbol.optional() });
export const citationsReportBody = z.strictObject({
  workspace_key: workspaceKey.optional().describe('Optional; must match the memory if given'),
  missing: z
    .array(citationRef)
    .min(1)
    .max(MAX_CITES)
    .refine(
      (refs) => new Set(refs.map((r) => JSON.stringify([r.path, r.symbol]))).size === refs.length,
      'entries must be unique',
    )
    .describe("The memory's citations not found in the working tree (each one of its metadata.cites)"),
  commit: commitSha.optional().describe("The working tree's HEAD commit"),
});

export const memoryParams = z.strictObject({ id: memoryId });
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
    .describe(
      'Comma-separated statuses (default draft,confirmed: rejected and superseded memories are not recalled)',
    ),
  flag: commaList(MEMORY_FLAGS)
    .optional()
    .describe(
      'Only memories carrying one of these flags (stale, needs_review, instruction_like): the review list',
    ),
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
