import { z } from 'zod';
import { isoDate, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { projectKey } from '../tenancy/index.ts';
import { GIT_EVENT_KINDS } from './table.ts';

/** How far ahead of the server's clock a commit's time may be (clock skew between machines). */
export const FUTURE_SKEW_MS = 5 * 60_000;

export const gitEventBody = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey.describe('The project the repository belongs to (the caller must be its writer)'),
  kind: z.enum(GIT_EVENT_KINDS),
  sha: z
    .string()
    .regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'must be a full commit hash (40 or 64 hex digits)')
    .transform((v) => v.toLowerCase()),
  branch: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .describe('The branch committed on, or merged into'),
  message: z
    .string()
    .max(4000, 'must be at most 4000 characters')
    .optional()
    .describe('The commit message; secrets in it are masked before it is stored'),
  issue_keys: z
    .array(z.string().regex(/^[A-Z][A-Z0-9]{1,9}-[1-9]\d{0,6}$/i, 'must be an issue key such as BILL-142'))
    .max(50, 'must have at most 50 entries')
    .optional()
    .describe('Issue keys it concerns, beside those its message and branch name'),
  occurred_at: isoDate
    .optional()
    .describe("When it was made (the commit's time); default: now. At most 5 minutes ahead of the server"),
});

export const gitEventAnswer = z.object({
  id: z.string(),
  kind: z.enum(GIT_EVENT_KINDS),
  sha: z.string(),
  branch: z.string(),
  workspace_key: z.string(),
  project_key: z.string(),
  issue_keys: z.array(z.string()),
  occurred_at: timestamp,
  created_at: timestamp,
  audit_action: z
    .enum(['git.commit', 'git.merge'])
    .nullable()
    .describe(
      "The audit entry written: only when the workspace's tracker or wiki has write_on_commit / write_on_merge on",
    ),
  duplicate: z.boolean().describe('The same commit was reported before: nothing new was recorded'),
});
