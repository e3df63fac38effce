import { useSearchParams } from 'react-router';
import type { BundleQuery } from '../../api/queries/bundle.ts';

export interface BundleParams {
  /** What the assistant works on: recalled into retrieval; empty: none. */
  q: string;
  /** The monorepo sub-path (`current_subpath`); empty: none. */
  subpath: string;
  /** Tokens (300-32000); empty: the server's default. */
  budget: string;
}

/** The preview's parameters, kept in the address (`q`, `subpath`, `budget`). */
export function useBundleParams() {
  const [params, setParams] = useSearchParams();
  const current: BundleParams = {
    q: params.get('q') ?? '',
    subpath: params.get('subpath') ?? '',
    budget: params.get('budget') ?? '',
  };
  const update = (next: BundleParams) => {
    const p = new URLSearchParams(params);
    const set = (key: string, value: string) => (value.trim() ? p.set(key, value.trim()) : p.delete(key));
    set('q', next.q);
    set('subpath', next.subpath);
    set('budget', next.budget);
    setParams(p);
  };
  return { current, update };
}

/** The API query both views ask with; only `format` and `mode` differ. */
export function bundleQuery(workspace: string, project: string, p: BundleParams): BundleQuery {
  return {
    workspace_key: workspace,
    project_key: project,
    q: p.q || undefined,
    current_subpath: p.subpath || undefined,
    budget: p.budget || undefined,
  };
}
