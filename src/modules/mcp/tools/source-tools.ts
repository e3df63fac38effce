import { z } from 'zod';
import { searchText } from '../../../platform/http/fields.ts';
import {
  MAX_READ_CHARS,
  MAX_SEARCH_LIMIT,
  trackerReadAnswer,
  trackerReadQuery,
  trackerSearchAnswer,
  wikiReadAnswer,
  wikiReadQuery,
  wikiSearchAnswer,
} from '../../integrations/index.ts';
import type { ApiPort } from './api-port.ts';
import type { McpContext } from './mcp-context.ts';
import type { ToolSet } from './tool-list.ts';
import { readOnly, workspaceArg } from './tool-fields.ts';
import { count, runTool } from './tool-result.ts';

const limit = z
  .number()
  .int()
  .min(1)
  .max(MAX_SEARCH_LIMIT)
  .optional()
  .describe(`How many (1-${MAX_SEARCH_LIMIT}, default 10)`);
const maxChars = z
  .number()
  .int()
  .min(200)
  .max(MAX_READ_CHARS)
  .optional()
  .describe(`Longest content answered (200-${MAX_READ_CHARS}, default 4000)`);

const searchInput = { q: searchText.describe('Free text (at most 500 characters)'), limit, ...workspaceArg };
const external = readOnly(true);

// Built once: a server is created for every request of the remote endpoint.
const TRACKER_READ_INPUT = {
  issue_key: trackerReadQuery.shape.issue_key.describe('An issue key like ABC-123'),
  max_chars: maxChars,
  ...workspaceArg,
};
const WIKI_READ_INPUT = { page_id: wikiReadQuery.shape.page_id, max_chars: maxChars, ...workspaceArg };

/** tracker_search, tracker_read, wiki_search and wiki_read: the workspace's tracker and wiki, read-only. */
export function registerSourceTools(tools: ToolSet, api: ApiPort, context: McpContext): void {
  const get = async <S extends z.ZodType>(
    path: string,
    answer: S,
    args: { workspace_key?: string | undefined },
    query: object,
  ) => api.get(path, answer, { workspace_key: await context.workspace(args), ...query });

  tools.add(
    'tracker_search',
    {
      title: 'Search the issue tracker',
      description:
        "Search the workspace's issue tracker by text (an issue key also matches that issue). Every call is audited.",
      inputSchema: searchInput,
      outputSchema: trackerSearchAnswer.shape,
      annotations: external,
    },
    (args) =>
      runTool(async () => {
        const found = await get('/v1/tracker/search', trackerSearchAnswer, args, {
          q: args.q,
          limit: args.limit,
        });
        const lines = found.items.map((i) => `- ${issueLine(i)}`);
        return {
          structured: found,
          text: [`${count(found.items.length, 'issue', 'issues')}:`, ...lines].join('\n'),
        };
      }),
  );

  tools.add(
    'tracker_read',
    {
      title: 'Read a tracker issue',
      description:
        'Read one issue: its fields, description and newest comments as plain text, clipped at max_chars. Every call is audited.',
      inputSchema: TRACKER_READ_INPUT,
      outputSchema: trackerReadAnswer.shape,
      annotations: external,
    },
    (args) =>
      runTool(async () => {
        const issue = await get('/v1/tracker/read', trackerReadAnswer, args, {
          issue_key: args.issue_key,
          max_chars: args.max_chars,
        });
        return { structured: issue, text: `${issueLine(issue)}\n\n${issue.content}` };
      }),
  );

  tools.add(
    'wiki_search',
    {
      title: 'Search the wiki',
      description: "Search the workspace's wiki pages by text. Every call is audited.",
      inputSchema: searchInput,
      outputSchema: wikiSearchAnswer.shape,
      annotations: external,
    },
    (args) =>
      runTool(async () => {
        const found = await get('/v1/wiki/search', wikiSearchAnswer, args, {
          q: args.q,
          limit: args.limit,
        });
        const lines = found.items.map(
          (p) => `- ${p.id}: ${p.title}${p.space ? ` (${p.space})` : ''} ${p.url}`,
        );
        return {
          structured: found,
          text: [`${count(found.items.length, 'page', 'pages')}:`, ...lines].join('\n'),
        };
      }),
  );

  tools.add(
    'wiki_read',
    {
      title: 'Read a wiki page',
      description: 'Read one wiki page as plain text, clipped at max_chars. Every call is audited.',
      inputSchema: WIKI_READ_INPUT,
      outputSchema: wikiReadAnswer.shape,
      annotations: external,
    },
    (args) =>
      runTool(async () => {
        const page = await get('/v1/wiki/read', wikiReadAnswer, args, {
          page_id: args.page_id,
          max_chars: args.max_chars,
        });
        return { structured: page, text: `${page.title} ${page.url}\n\n${page.content}` };
      }),
  );
}

/** An issue in one line, as search lists it and read heads it: key, summary, status, link. */
const issueLine = (i: { key: string; summary: string; status: string | null; url: string }) =>
  `${i.key}: ${i.summary}${i.status ? ` [${i.status}]` : ''} ${i.url}`;
