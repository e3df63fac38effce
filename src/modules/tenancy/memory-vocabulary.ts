/**
 * The closed vocabularies of a memory. The memories module owns what they mean; they sit here,
 * below it, because workspace settings name memory types too (`review_after_days`).
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
/** `superseded`: replaced by a newer memory (its `superseded_by`); out of default recall and the bundle. */
export const MEMORY_STATUSES = ['draft', 'confirmed', 'rejected', 'superseded'] as const;
/** What a write may set: `superseded` comes only from a newer memory's `supersedes`. */
export const WRITABLE_STATUSES = ['draft', 'confirmed', 'rejected'] as const;
export const MEMORY_SOURCES = ['human', 'import', 'auto'] as const;
/**
 * Marks a memory carries beside its status, each asking a person to look at it:
 * - `instruction_like`: its text reads as instructions to an assistant (kept out of the bundle
 *   unless confirmed);
 * - `stale`: its review date passed (ranked lower until it is used again or confirmed);
 * - `needs_review`: code it cites no longer resolves in a working tree.
 */
export const MEMORY_FLAGS = ['instruction_like', 'stale', 'needs_review'] as const;

export type MemoryType = (typeof MEMORY_TYPES)[number];
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];
export type MemorySource = (typeof MEMORY_SOURCES)[number];
export type MemoryFlag = (typeof MEMORY_FLAGS)[number];
