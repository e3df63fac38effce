import { useSearchParams } from 'react-router';
import type { MemoryStatus, MemoryType } from '../../api/types.ts';
import { DEFAULT_STATUSES, isMemoryStatus, isMemoryType } from './memory-vocabulary.ts';

export interface MemoryFilters {
  /** Words to recall by; empty: newest first. */
  q: string;
  /** Types to show; empty: every type. */
  types: MemoryType[];
  /** Statuses to show (never empty: the API's default when the address names none). */
  statuses: MemoryStatus[];
  /** A day (YYYY-MM-DD): memories created on it or later; empty: any time. */
  since: string;
}

const list = (value: string | null) => (value ?? '').split(',').filter(Boolean);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The memory list's search and filters, kept in the address (`q`, `type`, `status`, `since`). */
export function useMemoryFilters() {
  const [params, setParams] = useSearchParams();
  const statuses = list(params.get('status')).filter(isMemoryStatus);
  const filters: MemoryFilters = {
    q: params.get('q') ?? '',
    types: list(params.get('type')).filter(isMemoryType),
    statuses: statuses.length > 0 ? statuses : DEFAULT_STATUSES,
    since: /^\d{4}-\d{2}-\d{2}$/.test(params.get('since') ?? '') ? (params.get('since') ?? '') : '',
  };
  const update = (next: Partial<MemoryFilters>) => {
    const p = new URLSearchParams(params);
    const merged = { ...filters, ...next };
    const set = (key: string, value: string) => (value ? p.set(key, value) : p.delete(key));
    set('q', merged.q.trim());
    set('type', merged.types.join(','));
    set('status', sameSet(merged.statuses, DEFAULT_STATUSES) ? '' : merged.statuses.join(','));
    set('since', merged.since);
    setParams(p);
  };
  return { filters, update };
}

/** The recall query the filters ask for (`explain=true` with words, for each result's score parts). */
export function recallQuery(workspace: string, project: string, f: MemoryFilters) {
  const since = f.since ? new Date(`${f.since}T00:00:00`) : null;
  return {
    workspace_key: workspace,
    project_key: project,
    q: f.q || undefined,
    explain: f.q ? true : undefined,
    type: f.types.join(',') || undefined,
    status: f.statuses.join(','),
    since: since && !Number.isNaN(since.getTime()) ? since.toISOString() : undefined,
    limit: 20,
  };
}
