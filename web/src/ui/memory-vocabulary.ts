import type { MemoryFlag, MemoryStatus, MemoryType } from '../api/types.ts';

/** Every memory type with the words people read; a Record, so a type the server adds fails the typecheck. */
const TYPE_LABELS: Record<MemoryType, string> = {
  decision: 'Decision',
  constraint: 'Constraint',
  goal: 'Goal',
  problem: 'Problem',
  active_work: 'Active work',
  activity: 'Activity',
  note: 'Note',
  summary: 'Summary',
  caveat: 'Caveat',
};
const STATUS_LABELS: Record<MemoryStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  superseded: 'Superseded',
};

/** The marks asking a person to look at a memory, as their badges read. */
const FLAG_LABELS: Record<MemoryFlag, string> = {
  stale: 'Stale',
  needs_review: 'Needs review',
  instruction_like: 'Instruction-like',
};

export const MEMORY_TYPES = Object.keys(TYPE_LABELS) as MemoryType[];
export const MEMORY_STATUSES = Object.keys(STATUS_LABELS) as MemoryStatus[];
/** What a person may set: `superseded` comes only from a newer memory that supersedes it. */
export const WRITABLE_STATUSES = MEMORY_STATUSES.filter((s) => s !== 'superseded');
/** What recall reads when no status is asked for (the API's default). */
export const DEFAULT_STATUSES: MemoryStatus[] = ['draft', 'confirmed'];
export const MEMORY_FLAGS = Object.keys(FLAG_LABELS) as MemoryFlag[];

export const typeLabel = (t: MemoryType): string => TYPE_LABELS[t];
export const statusLabel = (s: MemoryStatus): string => STATUS_LABELS[s];
export const flagLabel = (f: MemoryFlag): string => FLAG_LABELS[f];
