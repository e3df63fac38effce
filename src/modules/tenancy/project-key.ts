import { z } from 'zod';
import { PROJECT_KEY_RE } from './project-key-shape.ts';

/** A project key as routes and tools validate it. */
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
