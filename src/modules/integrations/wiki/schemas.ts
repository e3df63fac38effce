import { z } from 'zod';
import { workspaceKey } from '../../../platform/http/fields.ts';
import { maxChars, readAnswerFields } from '../provider/source-schemas.ts';

export { sourceSearchQuery as wikiSearchQuery } from '../provider/source-schemas.ts';

const wikiPageSummary = z.object({
  id: z.string(),
  title: z.string(),
  space: z.string().nullable(),
  excerpt: z.string(),
  updated: z.string().nullable(),
  url: z.string(),
});
export type WikiPageSummary = z.output<typeof wikiPageSummary>;

export const wikiSearchAnswer = z.object({ items: z.array(wikiPageSummary) });

export const wikiReadQuery = z.strictObject({
  workspace_key: workspaceKey,
  page_id: z.string().trim().min(1).max(2000).describe('A page id or any page URL form'),
  max_chars: maxChars,
});

export const wikiReadAnswer = z.object({ id: z.string(), title: z.string(), ...readAnswerFields });
export type WikiPageText = z.output<typeof wikiReadAnswer>;
