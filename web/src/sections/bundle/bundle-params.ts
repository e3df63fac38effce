import type { BundleQuery } from '../../api/queries/bundle.ts';
import { text, type AddressValues } from '../../ui/address-fields.ts';

/**
 * The preview's parameters, kept in the address: `q` (what the assistant works on, recalled into
 * retrieval), `subpath` (the monorepo sub-path, `current_subpath`) and `budget` (tokens, 300-32000;
 * empty: the server's default, and a value out of range is the server's to refuse).
 */
export const BUNDLE_ADDRESS = { q: text, subpath: text, budget: text };

export type BundleParams = AddressValues<typeof BUNDLE_ADDRESS>;

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
