import { z } from 'zod';
import { workspaceKey } from '../../../platform/http/fields.ts';
import { maxChars, readAnswerFields } from '../provider/source-schemas.ts';

export { sourceSearchQuery as trackerSearchQuery } from '../provider/source-schemas.ts';

/** A Jira Cloud issue as searches answer it. */
const trackerIssueSummary = z.object({
  key: z.string(),
  summary: z.string(),
  status: z.string().nullable(),
  issue_type: z.string().nullable(),
  assignee: z.string().nullable(),
  updated: z.string().nullable(),
  url: z.string(),
});
export type TrackerIssueSummary = z.output<typeof trackerIssueSummary>;

export const trackerSearchAnswer = z.object({ items: z.array(trackerIssueSummary) });

export const trackerReadQuery = z.strictObject({
  workspace_key: workspaceKey,
  issue_key: z
    .string()
    .trim()
    .max(255)
    .regex(/^[A-Za-z][A-Za-z0-9_]+-\d+$/, 'must be an issue key like ABC-123'),
  max_chars: maxChars,
});

export const trackerReadAnswer = z.object({
  key: z.string(),
  summary: z.string(),
  status: z.string().nullable(),
  ...readAnswerFields,
});
export type TrackerIssueText = z.output<typeof trackerReadAnswer>;
