import { z } from 'zod';

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

export const projectKey = z
  .string()
  .min(1)
  .max(300)
  .regex(PROJECT_KEY_RE, 'must look like <host_kind>:<owner>/<repo> or <host_kind>:<owner>/<repo>#<subpath>')
  .refine(
    (v) => !v.split(/[/#:]/).some((s) => s === '.' || s === '..'),
    'must not contain "." or ".." segments',
  )
  .describe('Project key, e.g. `codehost:acme/api` or `codehost:acme/web#apps/site`');
