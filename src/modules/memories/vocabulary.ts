/**
 * The closed vocabularies of a memory, apart from its table: the MCP tools' schemas use them, and
 * the stdio adapter (`ctxhub mcp`) must not load the database layer to build them.
 */
export const MEMORY_TYPES = [
  'decision',
  'constraint',
  'goal',
  'problem',
  'active_work',
  'activity',
  'note',
  'summary',
  'caveat',
] as const;
export const MEMORY_STATUSES = ['draft', 'confirmed', 'rejected'] as const;
export const MEMORY_SOURCES = ['human', 'import', 'auto'] as const;

export type MemoryType = (typeof MEMORY_TYPES)[number];
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];
export type MemorySource = (typeof MEMORY_SOURCES)[number];
