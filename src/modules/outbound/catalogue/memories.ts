import type { CatalogueFamily } from './catalogue-types.ts';

const MEMORY_ID = { description: 'Id of the memory', example: 'mem_01JQ8ZJ4W7N1K5M8X2B6C9D3EH' };
const MEMORY_TYPE = {
  description:
    'Kind of memory: decision, constraint, goal, problem, active_work, activity, note, summary or caveat',
  example: 'decision',
};
const IMPORT_ID = { description: 'Id of the import', example: 'imp_01JQ8ZK6N9R2T5W8M3X7B1C4DJ' };
const FILE_NAME = { description: 'Name of the uploaded file', example: 'claude-sessions-march.jsonl' };
const REDACTIONS = {
  description: 'How many secrets were masked in the text',
  example: 0,
};

/** The step of an import that wrote the entry, and its counts. */
const stepVariables = (step: string, stats: Record<string, number>, statsDescription: string) => ({
  import_id: IMPORT_ID,
  step: { description: `The step that ran (${step})`, example: step },
  stats: { description: `The step's counts (an object): ${statsDescription}`, example: stats },
});

/** Project memories, and imports of past assistant sessions into them. */
export const MEMORY_ACTIONS = {
  'memory.created': {
    description: 'A memory was stored in the project.',
    variables: {
      memory_id: MEMORY_ID,
      type: MEMORY_TYPE,
      status: { description: 'draft, confirmed or rejected', example: 'draft' },
      source: { description: 'Where it came from: human, import or auto', example: 'human' },
      redactions: REDACTIONS,
    },
  },
  'memory.updated': {
    description: 'A memory was changed (its text, type, status or evidence).',
    variables: {
      memory_id: MEMORY_ID,
      changed: { description: 'Names of the fields changed (a list)', example: ['status'] },
      version: { description: 'The version number after the change', example: 3 },
      from_status: { description: 'The status before, when it changed', example: 'draft', optional: true },
      to_status: { description: 'The status after, when it changed', example: 'confirmed', optional: true },
      redactions: REDACTIONS,
    },
  },
  'memory.deleted': {
    description: 'A memory was deleted from the project.',
    variables: {
      memory_id: MEMORY_ID,
      type: MEMORY_TYPE,
      status: { description: 'Its status when deleted: draft, confirmed or rejected', example: 'rejected' },
    },
  },
  'import.uploaded': {
    description: 'A file of past sessions was uploaded for import.',
    variables: {
      import_id: IMPORT_ID,
      source: {
        description: 'The file format: agent_jsonl, agent_json_export, or a plain-text name (text, markdown)',
        example: 'agent_jsonl',
      },
      file_name: FILE_NAME,
      bytes: { description: 'Size of the file in bytes', example: 482_113 },
      sha256: {
        description: "The file's SHA-256 (hex)",
        example: '9f2b5c0e7a41d3b8e6f1c2a9d0b4e7f3a5c8d1e2f6b9a0c3d7e4f1a2b5c8d9e0',
      },
    },
  },
  'import.parsed': {
    description: 'An import was parsed into raw sessions and messages.',
    variables: stepVariables(
      'parse',
      { sessions: 12, messages: 843, skipped: 2, redactions: 1, truncated: 0 },
      'sessions, messages, skipped, redactions, truncated',
    ),
  },
  'import.extracted': {
    description: 'Memory candidates were extracted from an import and staged for review.',
    variables: stepVariables(
      'extract',
      { candidates: 40, staged: 31, already_remembered: 6, repeated: 3 },
      'candidates, staged, already_remembered, repeated',
    ),
  },
  'import.committed': {
    description:
      "An import's selected staged memories were committed as memories (drafts, or confirmed when the reviewer asked).",
    variables: {
      ...stepVariables(
        'commit',
        { committed: 24, memories_created: 22, linked_existing: 2 },
        'committed, memories_created, linked_existing',
      ),
      status: {
        description:
          'The status the memories it created were given: draft or confirmed (older entries: draft)',
        example: 'draft',
        optional: true,
      },
    },
  },
  'import.failed': {
    description: 'A step of an import failed; the import stops there.',
    variables: {
      import_id: IMPORT_ID,
      step: { description: 'The step that failed: parse, extract or commit', example: 'parse' },
      stats: {
        description: "The failed step's counts as far as it got (an object)",
        example: { sessions: 0, messages: 0, skipped: 5, redactions: 0, truncated: 0 },
      },
      error: { description: 'Why it failed', example: 'Nothing usable in notes.txt: no messages found' },
    },
  },
  'import.staged_updated': {
    description: 'A staged memory of an import was edited before commit.',
    variables: {
      import_id: IMPORT_ID,
      staged_id: { description: 'Id of the staged memory', example: 'stg_01JQ8ZM8R1T4W7N2K6M9X3B5C8' },
      changed: { description: 'What changed (a list of selected, type, content)', example: ['content'] },
    },
  },
  'import.staged_selected': {
    description: 'Many staged memories of an import were selected or deselected for commit at once.',
    variables: {
      import_id: IMPORT_ID,
      selected: { description: 'true: selected for commit; false: deselected', example: false },
      by: { description: 'How they were chosen: all, types or staged_ids', example: 'types' },
      types: {
        description: 'The types chosen (a list), when chosen by type',
        example: ['activity', 'note'],
        optional: true,
      },
      requested: { description: 'How many ids were given, when chosen by id', example: 12, optional: true },
      changed: { description: 'How many staged memories changed', example: 5 },
      already_committed: {
        description: 'How many of those chosen were committed already, and left as they were',
        example: 1,
      },
    },
  },
  'import.expired': {
    description: 'An import was kept past its retention and removed by ctxhub.',
    variables: {
      import_id: IMPORT_ID,
      file_name: FILE_NAME,
      retention_hours: { description: 'The retention it outlived, in hours', example: 72 },
    },
  },
  'import.deleted': {
    description: 'An import was deleted with its raw sessions, raw messages and staged memories.',
    variables: {
      import_id: IMPORT_ID,
      file_name: FILE_NAME,
      raw_sessions: { description: 'Raw sessions removed', example: 12 },
      raw_messages: { description: 'Raw messages removed', example: 843 },
      staged_memories: { description: 'Staged memories removed', example: 31 },
    },
  },
} satisfies CatalogueFamily;
