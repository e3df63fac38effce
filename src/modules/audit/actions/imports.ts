import { z } from 'zod';
import { count, defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

const IMPORT_ID = param(z.string(), 'Id of the import', 'imp_01JQ8ZK6N9R2T5W8M3X7B1C4DJ');
const FILE_NAME = param(z.string(), 'Name of the uploaded file', 'claude-sessions-march.jsonl');
const OF_IMPORT = { workspace_key: WORKSPACE_KEY, project_key: PROJECT_KEY, import_id: IMPORT_ID };

/** The counts a step gives, by name (a strict object of counts). */
const counts = <K extends string>(...names: K[]) =>
  z.strictObject(Object.fromEntries(names.map((n) => [n, count()])) as Record<K, ReturnType<typeof count>>);

/** The step of an import that wrote the entry, and its counts. */
const stepParams = <S extends string, T extends z.ZodObject>(
  step: S,
  stats: T,
  example: Exclude<z.output<T>, undefined>,
) => ({
  ...OF_IMPORT,
  step: param(z.literal(step), `The step that ran (${step})`, step),
  stats: param(stats, `The step's counts (an object): ${Object.keys(stats.shape).join(', ')}`, example),
});

/**
 * The counts of extract's model pass (present only when the workspace's model_extraction is on):
 * chunks asked, chunks that failed or were left out (the cap, the budget), memories the model
 * proposed, staged as new, and merged into a rule's staged memory (then produced by both).
 */
export const MODEL_PASS_COUNTS = [
  'model_chunks',
  'model_chunks_failed',
  'model_chunks_skipped',
  'model_proposed',
  'model_staged',
  'model_merged',
] as const;

/** The model pass's counts, by name (extract-with-model.ts fills them; the Admin UI reads them). */
export type ModelPassStats = Record<(typeof MODEL_PASS_COUNTS)[number], number>;

/** Imports of past assistant sessions: the upload, each step, review, expiry and deletion. */
export const IMPORT_ACTIONS = {
  'import.uploaded': defineAction('A file of past sessions was uploaded for import.', {
    ...OF_IMPORT,
    source: param(
      z.string(),
      'The file format: agent_jsonl, agent_json_export, or a plain-text name (text, markdown)',
      'agent_jsonl',
    ),
    file_name: FILE_NAME,
    bytes: param(count(), 'Size of the file in bytes', 482_113),
    sha256: param(
      z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),
      "The file's SHA-256 (hex)",
      '9f2b5c0e7a41d3b8e6f1c2a9d0b4e7f3a5c8d1e2f6b9a0c3d7e4f1a2b5c8d9e0',
    ),
  }),
  'import.parsed': defineAction(
    'An import was parsed into raw sessions and messages.',
    stepParams('parse', counts('sessions', 'messages', 'skipped', 'redactions', 'truncated'), {
      sessions: 12,
      messages: 843,
      skipped: 2,
      redactions: 1,
      truncated: 0,
    }),
  ),
  'import.extracted': defineAction('Memory candidates were extracted from an import and staged for review.', {
    ...stepParams(
      'extract',
      counts('candidates', 'staged', 'already_remembered', 'repeated').extend(
        Object.fromEntries(MODEL_PASS_COUNTS.map((n) => [n, count().optional()])) as Record<
          (typeof MODEL_PASS_COUNTS)[number],
          z.ZodOptional<ReturnType<typeof count>>
        >,
      ),
      { candidates: 40, staged: 31, already_remembered: 6, repeated: 3 },
    ),
    model_error: param(
      z.string().optional(),
      'Why the language model gave no (or only part of its) proposals, when model extraction was on',
      'the model refused the API key (HTTP 401): invalid x-api-key',
    ),
  }),
  'import.committed': defineAction(
    "An import's selected staged memories were committed as memories (drafts, or confirmed when the reviewer asked).",
    {
      ...stepParams('commit', counts('committed', 'memories_created', 'linked_existing'), {
        committed: 24,
        memories_created: 22,
        linked_existing: 2,
      }),
      status: param(
        z.string(),
        'The status the memories it created were given: draft or confirmed (older entries: draft)',
        'draft',
      ).meta({ olderEntriesLack: true }),
    },
  ),
  'import.failed': defineAction('A step of an import failed; the import stops there.', {
    ...OF_IMPORT,
    step: param(
      z.enum(['parse', 'extract', 'commit']),
      'The step that failed: parse, extract or commit',
      'parse',
    ),
    stats: param(z.record(z.string(), count()), "The failed step's counts as far as it got (an object)", {
      sessions: 0,
      messages: 0,
      skipped: 5,
      redactions: 0,
      truncated: 0,
    }),
    error: param(z.string(), 'Why it failed', 'Nothing usable in notes.txt: no messages found'),
  }),
  'import.staged_updated': defineAction('A staged memory of an import was edited before commit.', {
    ...OF_IMPORT,
    staged_id: param(z.string(), 'Id of the staged memory', 'stg_01JQ8ZM8R1T4W7N2K6M9X3B5C8'),
    changed: param(
      z.array(z.enum(['selected', 'type', 'content'])),
      'What changed (a list of selected, type, content)',
      ['content'],
    ),
  }),
  'import.staged_selected': defineAction(
    'Many staged memories of an import were selected or deselected for commit at once.',
    {
      ...OF_IMPORT,
      selected: param(z.boolean(), 'true: selected for commit; false: deselected', false),
      by: param(
        z.enum(['all', 'types', 'staged_ids']),
        'How they were chosen: all, types or staged_ids',
        'types',
      ),
      types: param(z.array(z.string()).optional(), 'The types chosen (a list), when chosen by type', [
        'activity',
        'note',
      ]),
      requested: param(count().optional(), 'How many ids were given, when chosen by id', 12),
      changed: param(count(), 'How many staged memories changed', 5),
      already_committed: param(
        count(),
        'How many of those chosen were committed already, and left as they were',
        1,
      ),
    },
  ),
  'import.expired': defineAction('An import was kept past its retention and removed by ctxhub.', {
    ...OF_IMPORT,
    file_name: FILE_NAME,
    retention_hours: param(z.number().nonnegative(), 'The retention it outlived, in hours', 72),
  }),
  'import.deleted': defineAction(
    'An import was deleted with its raw sessions, raw messages and staged memories.',
    {
      ...OF_IMPORT,
      file_name: FILE_NAME,
      raw_sessions: param(count(), 'Raw sessions removed', 12),
      raw_messages: param(count(), 'Raw messages removed', 843),
      staged_memories: param(count(), 'Staged memories removed', 31),
    },
  ),
};
