import { z } from 'zod';
import { timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { projectKey } from '../tenancy/index.ts';

const CI_STATUSES = ['success', 'failure'] as const;

const line = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const ciEventBody = z.strictObject({
  status: z.enum(CI_STATUSES),
  workspace_key: workspaceKey,
  project_key: projectKey
    .optional()
    .describe('The project the run belongs to (the caller must be its writer)'),
  repository: line(200).optional().describe('e.g. acme/api'),
  branch: line(255).optional(),
  sha: z
    .string()
    .regex(/^[0-9a-f]{7,64}$/i, 'must be a commit hash (7 to 64 hex digits)')
    .optional(),
  workflow: line(200).optional(),
  job: line(200).optional(),
  run_url: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .max(2000, 'must be at most 2000 characters')
    .optional(),
  message: z
    .string()
    .max(4000, 'must be at most 4000 characters')
    .optional()
    .describe('Secrets in it are masked'),
});

export const ciEventAnswer = z.object({
  id: z.string().describe('The audit entry written'),
  action: z.enum(['ci.success', 'ci.failure']),
  status: z.enum(CI_STATUSES),
  workspace_key: z.string(),
  project_key: z.string().nullable(),
  created_at: timestamp,
});
