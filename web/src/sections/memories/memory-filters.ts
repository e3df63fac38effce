import type { Query } from '../../api/client.ts';
import { day, someOf, text, type AddressValues } from '../../ui/address-fields.ts';
import { DEFAULT_STATUSES, MEMORY_STATUSES, MEMORY_TYPES } from '../../ui/memory-vocabulary.ts';
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
