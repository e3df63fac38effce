import { z } from 'zod';
import { iso, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import { MAX_MEMORY_CHARS, MEMORY_FLAGS, MEMORY_TYPES, memoryType, textFlagsOf } from '../memories/index.ts';
import {
  IMPORT_CLAIMS,
  IMPORT_STATUSES,
  STAGED_PRODUCERS,
  type ImportRow,
  type StagedMemoryRow,
} from './table.ts';
import { projectKey } from '../tenancy/index.ts';

/** `agent_jsonl` and `agent_json_export` have their parsers; any other source is read as text. */
const importSource = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be lower-case letters, digits, ".", "_" or "-"')
  .describe('agent_jsonl, agent_json_export, or anything else for plain text (e.g. text, markdown)');

export const uploadFields = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey,
  source: importSource,
});

const importId = z
  .string()
  .max(64)
  .regex(/^imp_[0-9A-Z]+$/, 'must be an import id (imp_...)');
const stagedId = z
  .string()
  .max(64)
  .regex(/^stg_[0-9A-Z]+$/, 'must be a staged memory id (stg_...)');

export const importParams = z.strictObject({ id: importId });
export const stagedParams = z.strictObject({ id: importId, stagedId });
export const stepBody = z.strictObject({}).nullish();
/** The most staged memories one request may name (commit, bulk selection). */
const MAX_STAGED_IDS = 5000;
const stagedIds = z.array(stagedId).min(1).max(MAX_STAGED_IDS);

export const commitBody = z
  .strictObject({
    staged_ids: stagedIds.optional().describe('Commit only these (else every selected staged memory)'),
    status: z
      .enum(['draft', 'confirmed'])
      .optional()
      .describe('The status of the memories this commit creates (default draft; confirmed needs maintainer)'),
  })
  .nullish();

/** How a bulk selection names its staged memories: exactly one way per request. */
const SELECT_WAYS = ['all', 'types', 'staged_ids'] as const;
export const selectStagedBody = z
  .strictObject({
    selected: z.boolean().describe('true selects them for commit, false deselects them'),
    all: z.literal(true).optional().describe('Every staged memory of the import'),
    types: z
      .array(memoryType)
      .min(1)
      .max(MEMORY_TYPES.length)
      .optional()
      .describe('The staged memories of these types'),
    staged_ids: stagedIds.optional().describe(`Exactly these (at most ${MAX_STAGED_IDS})`),
  })
  .refine((b) => SELECT_WAYS.filter((w) => b[w] !== undefined).length === 1, {
    message: 'give exactly one of all, types or staged_ids',
  });
export const listImportsQuery = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey.optional(),
  ...pageQuery,
});
export const listStagedQuery = z.strictObject(pageQuery);
export const updateStagedBody = z
  .strictObject({
    selected: z.boolean().optional(),
    type: memoryType.optional(),
    content: z.string().trim().min(1).max(MAX_MEMORY_CHARS).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, {
    message: 'give at least one field to change',
    path: ['selected'],
  });

export const importAnswer = z.object({
  id: z.string(),
  workspace_key: z.string(),
  project_key: z.string(),
  status: z.enum(IMPORT_STATUSES),
  source: z.string(),
  file_name: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  stats: z
    .record(z.string(), z.number())
    .describe('Counts of each step (sessions, messages, skipped, staged, ...)'),
  error: z.string().nullable(),
  running_step: z
    .enum(IMPORT_CLAIMS)
    .nullable()
    .describe('What runs on the import now: a step, or its deletion (null when nothing runs)'),
  created_by: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const importList = listAnswer(importAnswer);

export const stagedAnswer = z.object({
  id: z.string(),
  type: memoryType,
  content: z.string(),
  selected: z.boolean(),
  raw_message_id: z.string().nullable(),
  occurred_at: timestamp.describe("The message's time in the transcript; the memory's occurred_at"),
  memory_id: z.string().nullable().describe('Set once committed'),
  redactions: z.number().int(),
  producer: z
    .enum(STAGED_PRODUCERS)
    .describe(
      "What proposed it: the keyword rules, the workspace's language model (model_extraction), or both",
    ),
  flags: z
    .array(z.enum(MEMORY_FLAGS))
    .describe(
      'instruction_like when its text reads as instructions to an assistant: the memory it becomes is flagged, and kept out of the context bundle until a maintainer confirms it',
    ),
  flag_notes: z.record(z.string(), z.string()).describe('Why each flag was set, in words'),
  metadata: z
    .record(z.string(), z.unknown())
    .describe("The memory's metadata once committed: `cites`, the repository files its message names"),
});
export const stagedList = listAnswer(stagedAnswer);

export const selectStagedAnswer = z.object({
  import_id: z.string(),
  selected: z.boolean().describe('What was asked: selected (true) or deselected (false)'),
  matched: z.number().int().describe('Staged memories the request named (committed ones included)'),
  changed: z.number().int().describe('Those whose selection changed now (the others already had it)'),
  already_committed: z
    .number()
    .int()
    .describe('Named but committed already: final, left as they are (not counted in changed)'),
  by_type: z
    .array(
      z.object({
        type: memoryType,
        staged: z.number().int().describe('Staged memories of this type'),
        selected: z.number().int().describe('Not committed yet and selected: what the next commit takes'),
        committed: z.number().int(),
      }),
    )
    .describe('Every type the import staged, after the change'),
});

export const presentImport = (
  r: ImportRow,
  keys: { workspaceKey: string; projectKey: string },
): z.output<typeof importAnswer> => ({
  id: r.id,
  workspace_key: keys.workspaceKey,
  project_key: keys.projectKey,
  status: r.status,
  source: r.source,
  file_name: r.fileName,
  bytes: r.bytes,
  sha256: r.sha256,
  stats: r.stats,
  error: r.error,
  running_step: r.runningStep,
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

export const presentStaged = (s: StagedMemoryRow): z.output<typeof stagedAnswer> => ({
  id: s.id,
  type: s.type,
  content: s.content,
  selected: s.selected,
  raw_message_id: s.rawMessageId,
  occurred_at: iso(s.occurredAt),
  memory_id: s.memoryId,
  redactions: s.redactions,
  producer: s.producer,
  ...presentFlags(textFlagsOf(s.content)),
  metadata: s.metadata,
});

const presentFlags = ({ flags, flagNotes }: ReturnType<typeof textFlagsOf>) => ({
  flags,
  flag_notes: flagNotes as Record<string, string>,
});
