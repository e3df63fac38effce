import { parseRemote, remoteIdentity } from './repo-remote.ts';
import { isKeySegment } from '../tenancy/index.ts';

export type MappingKind = 'codehost_remote' | 'repo_root_slug' | 'manual';

/** A repository folder name as mappings and resolution compare it (case-insensitively). */
export function normalizedSlug(value: string): string | null {
  const slug = value.trim();
  return isKeySegment(slug) ? slug.toLowerCase() : null;
}

/**
 * The form a mapping's `external_id` is stored and matched in: a remote as `host/owner/repo`
 * (given in any git URL form), a folder name lower-cased, a manual name as written (trimmed).
 */
export function normalizedExternalId(kind: MappingKind, value: string): { id: string } | { problem: string } {
  if (kind === 'codehost_remote') {
    const remote = parseRemote(value);
    return remote
      ? { id: remoteIdentity(remote) }
      : { problem: 'must be a git remote (e.g. git@github.com:acme/api.git or github.com/acme/api)' };
  }
  if (kind === 'repo_root_slug') {
    const slug = normalizedSlug(value);
    return slug ? { id: slug } : { problem: 'must be a folder name (letters, digits, . _ -)' };
  }
  const name = value.trim();
  return name ? { id: name } : { problem: 'must not be empty' };
}
