import { isKeySegment } from '../tenancy/index.ts';

/**
 * A git remote URL in any of its usual forms, reduced to what names a repository: the host and
 * the path (owner, any groups, repo). Pure; used for resolution and for `codehost_remote` mappings.
 *
 * - `git@github.com:acme/api.git` (scp-like, any user)
 * - `https://github.com/acme/api`, `http://user:token@host:8443/acme/api.git/` (credentials dropped)
 * - `ssh://git@github.com:22/acme/api.git`, `git://host/acme/api`, `git+ssh://...`
 * - `github.com/acme/api` (no scheme)
 */
export interface RepoRemote {
  host: string;
  /** Owner (and any sub-groups) then repo, lower-cased, without `.git`. */
  segments: string[];
}

const HOST = /^[a-z0-9]([a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;
const SCP_LIKE = /^(?:[^@/\s]{1,100}@)?([^:/\s]{1,253}):(?!\/\/)(.{1,400})$/;
const URL_SCHEME = /^(?:https?|ssh|git|git\+ssh|ssh\+git):\/\//i;
const BARE = /^([A-Za-z0-9.-]{1,253})\/(.{1,400})$/;

export function parseRemote(input: string): RepoRemote | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 500) return null;
  let host: string;
  let path: string;
  if (URL_SCHEME.test(text)) {
    let url: URL;
    try {
      url = new URL(text.replace(/^(git\+ssh|ssh\+git):/i, 'ssh:'));
    } catch {
      return null;
    }
    host = url.hostname;
    path = url.pathname;
  } else {
    const scp = SCP_LIKE.exec(text) ?? BARE.exec(text);
    if (!scp) return null;
    [, host = '', path = ''] = scp;
  }
  host = host.toLowerCase().replace(/^www\./, '');
  if (!HOST.test(host)) return null;
  const segments: string[] = [];
  for (const raw of path
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .split('/')) {
    const segment = decodedSegment(raw);
    if (segment === null || !isKeySegment(segment)) return null;
    segments.push(segment.toLowerCase());
  }
  if (segments.length < 2) return null;
  return { host, segments: repositoryPath(host, segments) };
}

/**
 * The repository part of a path: a browser URL goes on past it (`/acme/api/tree/main`,
 * `/group/repo/-/merge_requests/1`). GitHub and Bitbucket name a repository by owner and name.
 */
function repositoryPath(host: string, segments: string[]): string[] {
  if (host === 'github.com' || host === 'bitbucket.org') return segments.slice(0, 2);
  const dash = segments.indexOf('-');
  return dash >= 2 ? segments.slice(0, dash) : segments;
}

/** A path segment with its percent escapes decoded (after splitting, so `%2F` stays inside it). */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The remote as a mapping id and in messages: `github.com/acme/api`. */
export const remoteIdentity = (r: RepoRemote) => `${r.host}/${r.segments.join('/')}`;

const KNOWN_HOSTS: Record<string, string> = {
  'github.com': 'codehost',
  'gitlab.com': 'gitlab',
  'bitbucket.org': 'bitbucket',
};

/**
 * The host kind of a project key: `codehost` for github.com, `gitlab` and `bitbucket` for theirs,
 * else the host name with `-` for dots (`github.acme.io` -> `github-acme-io`), so repositories of
 * two hosts never share a key; null when that cannot be a key's host kind. (A mapping names the
 * project of any remote otherwise.)
 */
export function hostKind(host: string): string | null {
  const known = KNOWN_HOSTS[host];
  if (known) return known;
  const kind = host.replace(/\./g, '-');
  return /^[a-z][a-z0-9-]{0,31}$/.test(kind) ? kind : null;
}

/** The project key a remote derives: `codehost:acme/api`; null for a host no key can name. */
export function remoteProjectKey(r: RepoRemote): string | null {
  const kind = hostKind(r.host);
  return kind ? `${kind}:${r.segments.join('/')}` : null;
}
