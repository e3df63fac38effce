import { useSearchParams } from 'react-router';

export interface RawSearch {
  /** Words, "quoted phrases" and -excluded words; empty: no search yet. */
  q: string;
  /** Results, 1-20. */
  limit: number;
  /** Snippet length in characters, 50-1500. */
  maxChars: number;
}

/** A whole number from the address within bounds, else the default. */
export function bounded(value: string | null, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** The raw search kept in the address (`q`, `limit`, `max_chars`) beside the workspace and project. */
export function useRawSearch() {
  const [params, setParams] = useSearchParams();
  const search: RawSearch = {
    q: params.get('q') ?? '',
    limit: bounded(params.get('limit'), 1, 20, 10),
    maxChars: bounded(params.get('max_chars'), 50, 1500, 500),
  };
  const update = (next: RawSearch) => {
    const p = new URLSearchParams(params);
    const set = (key: string, value: string) => (value ? p.set(key, value) : p.delete(key));
    set('q', next.q.trim());
    set('limit', next.limit === 10 ? '' : String(next.limit));
    set('max_chars', next.maxChars === 500 ? '' : String(next.maxChars));
    setParams(p);
  };
  return { search, update, params };
}
