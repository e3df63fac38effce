import { basename } from 'node:path';
import { pathSegments } from '../../modules/resolution/index.ts';
import { normalizedSlug, parseRemote } from '../../modules/workspaces/index.ts';
import { runGit } from '../run-git.ts';

/** What the working directory tells about the project: the clues of `POST /v1/resolve-project`. */
export interface GitContext {
  /** The origin remote, without credentials; absent when there is no origin. */
  remote?: string;
  /** The repository root folder's name; absent when it cannot be a key segment (`My Project`). */
  rootSlug?: string;
  /** The working directory relative to the root (`packages/web`); absent at the root. */
  relativePath?: string;
}

const GIT_TIMEOUT_MS = 2000;

/** git's answer in `cwd`, or null when it fails or is slow: the adapter then works without it. */
const git = (cwd: string, args: string[]) =>
  runGit(args, { cwd, timeoutMs: GIT_TIMEOUT_MS }).catch(() => null);

/**
 * Reads the git context of `cwd` (two git calls, run together, each bounded by a timeout). Not a
 * repository, no git installed, or git too slow: null, and the adapter works without it. Only
 * clues the server accepts are kept (a local-path remote, a folder name with spaces or a path with
 * control characters would make it refuse the whole resolution): the others still resolve.
 */
export async function readGitContext(cwd: string): Promise<GitContext | null> {
  const [where, origin] = await Promise.all([
    git(cwd, ['rev-parse', '--show-toplevel', '--show-prefix']),
    git(cwd, ['remote', 'get-url', 'origin']),
  ]);
  if (where === null) return null;
  const [top = '', prefix = ''] = where.split('\n');
  if (top.trim() === '') return null;
  const relativePath = prefix.trim().replace(/\/+$/, '');
  const remote = origin === null ? '' : withoutCredentials(origin.trim());
  const rootSlug = basename(top.trim());
  return {
    ...(remote && parseRemote(remote) ? { remote } : {}),
    ...(normalizedSlug(rootSlug) ? { rootSlug } : {}),
    ...(relativePath && !('problem' in pathSegments(relativePath)) ? { relativePath } : {}),
  };
}

/**
 * A remote as it may be sent to the server: an http(s) remote's user and token are dropped
 * (`https://x-access-token:ghp_…@github.com/acme/api` → `https://github.com/acme/api`); another
 * URL-form remote (`ssh://git:secret@host/…`) loses its password and keeps its user (`git@`),
 * which is no secret.
 */
export function withoutCredentials(remote: string): string {
  const http = /^https?:\/\//i.test(remote);
  if (!http && !/^[a-z][a-z0-9+.-]*:\/\//i.test(remote)) return remote; // scp-like git@host:owner/repo
  try {
    const url = new URL(remote);
    if (http) url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return http ? remote.replace(/\/\/[^/@]*@/, '//') : remote.replace(/\/\/([^/:@]*):[^/@]*@/, '//$1@');
  }
}
