import type { Query } from '../../api/client.ts';
import { day, someOf, text, type AddressValues } from '../../ui/address-fields.ts';
import { DEFAULT_STATUSES, MEMORY_FLAGS, MEMORY_STATUSES, MEMORY_TYPES } from '../../ui/memory-vocabulary.ts';
import { startOfDay } from './local-day.ts';

/**
 * The memory list's search and filters, kept in the address: `q` (words to recall by; empty:
 * newest first), `type` (empty: every type), `status` (never empty: the API's default when the
 * address names none) and `since` (a day: memories created on it or later; empty: any time).
 */
export const MEMORY_ADDRESS = {
  q: text,
  type: someOf(MEMORY_TYPES),
  status: someOf(MEMORY_STATUSES, DEFAULT_STATUSES),
  since: day,
};

export type MemoryFilters = AddressValues<typeof MEMORY_ADDRESS>;

/** The recall query the filters ask for (`explain=true` with words, for each result's score parts). */
export function recallQuery(workspace: string, project: string, f: MemoryFilters): Query {
  return {
    workspace_key: workspace,
    project_key: project,
    q: f.q || undefined,
    explain: f.q ? true : undefined,
    type: f.type.join(',') || undefined,
    status: f.status.join(','),
    since: startOfDay(f.since) ?? undefined,
    limit: 20,
  };
}

/**
 * The review list's filter, kept in the address: `flag`, the flags a memory carries one of to be
 * listed (never empty: every flag when the address names none).
 */
export const REVIEW_ADDRESS = { flag: someOf(MEMORY_FLAGS, MEMORY_FLAGS) };

export type ReviewFilters = AddressValues<typeof REVIEW_ADDRESS>;

/** The memories to review: drafts and confirmed ones carrying one of the flags, newest first. */
export function reviewQuery(workspace: string, project: string, f: ReviewFilters): Query {
  return { workspace_key: workspace, project_key: project, flag: f.flag.join(','), limit: 20 };
}
