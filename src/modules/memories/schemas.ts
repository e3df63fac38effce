import { z } from 'zod';
import { isoDate, isoDateText, searchText, workspaceKey } from '../../platform/http/fields.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { MEMORY_FLAGS, MEMORY_STATUSES, MEMORY_TYPES, WRITABLE_STATUSES } from '../tenancy/index.ts';
import { projectKey } from '../tenancy/index.ts';

/** What memory requests may carry, validated (the answers: memory-answers.ts). */
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
