import { z } from 'zod';
import { searchText, workspaceKey } from '../../../platform/http/fields.ts';

/** Query fields shared by the tracker and wiki routes (bounds: docs/api.md#tracker-and-wiki). */
export const MAX_SEARCH_LIMIT = 50;
export const MAX_READ_CHARS = 50_000;

export const sourceSearchQuery = z.strictObject({
  workspace_key: workspaceKey,
  q: searchText.describe('Free text (at most 500 characters)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_LIMIT)
    .default(10)
    .describe(`1-${MAX_SEARCH_LIMIT}, default 10`),
});

export const maxChars = z.coerce
  .number()
  .int()
  .min(200)
  .max(MAX_READ_CHARS)
  .default(4000)
  .describe(`Longest content answered, marker included (200-${MAX_READ_CHARS}, default 4000)`);

export const readAnswerFields = {
  url: z.string(),
  updated: z.string().nullable(),
  content: z.string().describe('Readable plain text, clipped at max_chars with a "…[truncated]" marker'),
  truncated: z.boolean(),
};
