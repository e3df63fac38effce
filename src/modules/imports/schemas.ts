import { z } from 'zod';
import { iso, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { listAnswer, pageQuery } from '../../platform/http/pagination.ts';
import { MAX_MEMORY_CHARS, memoryType } from '../memories/index.ts';
import { projectKey } from '../projects/index.ts';
import { IMPORT_CLAIMS, IMPORT_STATUSES, type ImportRow, type StagedMemoryRow } from './table.ts';

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
export const commitBody = z
  .strictObject({
    staged_ids: z
      .array(stagedId)
      .min(1)
      .max(5000)
      .optional()
      .describe('Commit only these (else every selected staged memory)'),
  })
  .nullish();
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
});
export const stagedList = listAnswer(stagedAnswer);

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
});
