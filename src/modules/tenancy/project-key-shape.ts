/**
 * What a project key looks like, without zod: the client commands (`ctxhub context`, `ctxhub
 * mcp`) derive keys from git with these at every session start, where loading zod would cost more
 * than the rest of the command.
 */

/**
 * One segment of a key's path (owner, repo, sub-path): what a project key can hold, and never
 * `.` or `..`. Resolution checks remotes, folders and sub-paths with it before deriving keys.
 */
export function isKeySegment(segment: string): boolean {
  return /^[A-Za-z0-9._-]{1,100}$/.test(segment) && segment !== '.' && segment !== '..';
}

/** Project keys: `<host_kind>:<owner>/<repo>`, optionally `#<subpath>` (docs/api.md#project-keys-in-paths) */
export const PROJECT_KEY_RE =
  /^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)+(#[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*)?$/;
