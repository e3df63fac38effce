import { z } from 'zod';
import { iso, searchText, timestamp, workspaceKey } from '../../platform/http/fields.ts';
import { RAW_ROLES } from './roles.ts';
import type { RawMessageRow } from './table.ts';
import { projectKey } from '../tenancy/index.ts';

const maxChars = z.coerce
  .number()
  .int()
  .min(50)
  .max(1500)
  .default(500)
  .describe('Snippet length in characters (50-1500, default 500)');

export const rawSearchQuery = z.strictObject({
  workspace_key: workspaceKey,
  project_key: projectKey,
  q: searchText.describe('Words to find (all must match; "quoted phrase", -excluded)'),
  limit: z.coerce.number().int().min(1).max(20).default(10).describe('1-20, default 10'),
  max_chars: maxChars,
});

export const rawMessageParams = z.strictObject({
  id: z
    .string()
    .max(64)
    .regex(/^rmsg_[0-9A-Z]+$/, 'must be a raw message id (rmsg_...)'),
});
export const rawMessageQuery = z.strictObject({
  workspace_key: workspaceKey,
  max_chars: maxChars,
  q: searchText.optional().describe('Centre the snippet on the first hit of these words'),
});

export const rawSnippet = z.object({
  message_id: z.string(),
  session_id: z.string(),
  role: z.enum(RAW_ROLES),
  snippet: z
    .string()
    .describe('A window of the message around the first hit, never the whole of a long message'),
  created_at: timestamp,
});
export const rawSearchAnswer = z.object({ items: z.array(rawSnippet) });

export const presentSnippet = (
  m: Pick<RawMessageRow, 'id' | 'sessionId' | 'role' | 'createdAt'>,
  snippet: string,
): z.output<typeof rawSnippet> => ({
  message_id: m.id,
  session_id: m.sessionId,
  role: m.role,
  snippet,
  created_at: iso(m.createdAt),
});
