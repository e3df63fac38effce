import { z } from 'zod';
import { searchText } from '../../../platform/http/fields.ts';
import { pageQuery } from '../../../platform/http/pagination.ts';
import { oneLine } from '../../context/index.ts';
import {
  MAX_MEMORY_CHARS,
  MAX_SUPERSEDES,
  memoryId,
  memoryList,
  memoryType,
  memoryWriteAnswer,
  occurredAt,
  subpath,
  MEMORY_STATUSES,
} from '../../memories/index.ts';
import { rawSearchAnswer } from '../../raw/index.ts';
import type { ApiPort } from './api-port.ts';
import { withCallContext, type McpContext } from './mcp-context.ts';
import type { ToolSet } from './tool-list.ts';
import { readOnly, scopeArgs } from './tool-fields.ts';
import { describedFor } from './tool-wording.ts';
import { count, runTool, withContext } from './tool-result.ts';

// Built once: a server is created for every request of the remote endpoint.
const REMEMBER_INPUT = {
  type: memoryType.describe('What kind of memory this is'),
  content: z.string().min(1).max(MAX_MEMORY_CHARS).describe('The memory, self-contained'),
  metadata: z
    .record(z.string(), z.json())
    .optional()
    .describe('Free-form JSON object; `subpath` ties the memory to a monorepo sub-project'),
  evidence_ref: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('Where it comes from: a URL, an issue key, `raw_message:rmsg_...`'),
  status: z
    .enum(['draft', 'confirmed'])
    .optional()
    .describe('draft (default) or confirmed (needs the maintainer role)'),
  occurred_at: occurredAt
    .optional()
    .describe(
      'When what the memory says happened, an ISO 8601 date-time with offset (2024-03-01T09:30:00Z); default now. Recall ranks recency by it. At most 5 minutes in the future',
    ),
  supersedes: z
    .array(memoryId)
    .min(1)
    .max(MAX_SUPERSEDES)
    .optional()
    .describe(
      'Ids of older memories of this project that this one replaces (they leave recall and the bundle, kept in history). Superseding a confirmed memory needs the maintainer role',
    ),
  ...scopeArgs,
};
const REMEMBER_OUTPUT = withCallContext(memoryWriteAnswer);
const RECALL_INPUT = {
  q: searchText.optional().describe('What to recall (at most 500 characters)'),
  type: z.array(memoryType).min(1).optional().describe('Only these memory types'),
  status: z
    .array(z.enum(MEMORY_STATUSES))
    .min(1)
    .optional()
    .describe('Only these statuses (default draft and confirmed)'),
  since: z.iso.datetime({ offset: true }).optional().describe('Only memories created at or after this time'),
  current_subpath: describedFor(subpath.optional(), {
    stdio: "Boost this sub-project (default: the working directory's)",
    remote: "Boost this monorepo sub-project's memories",
  }),
  limit: z.number().int().min(1).max(200).optional().describe('How many (1-200, default 10)'),
  cursor: pageQuery.cursor,
  explain: z.boolean().optional().describe('true: each memory carries its score parts'),
  ...scopeArgs,
};
const RECALL_OUTPUT = withCallContext(memoryList);
const SEARCH_RAW_INPUT = {
  q: searchText.describe('Words to find (all must match; "quoted phrase", -excluded)'),
  limit: z.number().int().min(1).max(20).optional().describe('How many (1-20, default 10)'),
  max_chars: z.number().int().min(50).max(1500).optional().describe('Snippet length (50-1500, default 500)'),
  ...scopeArgs,
};
const SEARCH_RAW_OUTPUT = withCallContext(rawSearchAnswer);

/** remember, recall and search_raw: each runs ensureContext first (the project of the call). */
export function registerMemoryTools(tools: ToolSet, api: ApiPort, context: McpContext): void {
  tools.add(
    'remember',
    {
      title: 'Remember',
      description:
        "Store a memory in the current project: a decision, constraint, goal, problem, caveat or note, as one self-contained statement. Secrets are redacted before storing; an identical memory is not stored twice. Memories written from a monorepo sub-path are tagged with it (metadata.subpath). When it replaces an older memory (a changed decision, a new version, a fact no longer true), pass that memory's id in supersedes. The answer lists possibly_supersedes: older memories this one seems to contradict; if the new memory does replace them, call remember again with the same content and supersedes set to their ids (one call; nothing is stored twice).",
      inputSchema: REMEMBER_INPUT,
      outputSchema: REMEMBER_OUTPUT,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      runTool(async (seen) => {
        const at = seen(await context.project(args));
        const metadata =
          at.subpath && args.metadata?.subpath === undefined
            ? { ...args.metadata, subpath: at.subpath }
            : args.metadata;
        const memory = await api.post(
          '/v1/memories',
          {
            workspace_key: at.workspace_key,
            project_key: at.project_key,
            type: args.type,
            content: args.content,
            source: 'auto',
            ...(metadata ? { metadata } : {}),
            ...(args.evidence_ref ? { evidence_ref: args.evidence_ref } : {}),
            ...(args.status ? { status: args.status } : {}),
            ...(args.occurred_at ? { occurred_at: args.occurred_at } : {}),
            ...(args.supersedes ? { supersedes: args.supersedes } : {}),
          },
          memoryWriteAnswer,
        );
        const what = memory.deduplicated
          ? `Already remembered: ${memory.id} (an identical memory exists)`
          : `Remembered ${memory.id} (${memory.type}, ${memory.status}) in ${at.project_key}`;
        const redacted = memory.redactions
          ? ` ${count(memory.redactions, 'secret', 'secrets')} redacted.`
          : '';
        const replaced = memory.supersedes.length ? ` It supersedes ${memory.supersedes.join(', ')}.` : '';
        const suspects = memory.possibly_supersedes.map(
          (p) => `\n- ${p.id} (${p.why}): ${oneLine(p.content, 200)}`,
        );
        const ask = suspects.length
          ? `\nIt may supersede these older memories; if it does, call remember again with the same content and supersedes set to their ids:${suspects.join('')}`
          : '';
        return {
          structured: { ...memory, context: at },
          text: withContext(at, `${what}.${redacted}${replaced}${ask}`),
        };
      }),
  );

  tools.add(
    'recall',
    {
      title: 'Recall',
      description: {
        stdio:
          "Recall the current project's memories: ranked by relevance to q (typos corrected, identifiers matched as written), else newest first. Memories of the working directory's monorepo sub-path rank higher. Raw transcripts are never searched (see search_raw).",
        remote:
          "Recall the project's memories: ranked by relevance to q (typos corrected, identifiers matched as written), else newest first. Memories of the sub-project current_subpath names rank higher. Raw transcripts are never searched (see search_raw).",
      },
      inputSchema: RECALL_INPUT,
      outputSchema: RECALL_OUTPUT,
      annotations: readOnly(false),
    },
    (args) =>
      runTool(async (seen) => {
        const at = seen(await context.project(args));
        const list = await api.get('/v1/memories', memoryList, {
          workspace_key: at.workspace_key,
          project_key: at.project_key,
          q: args.q,
          type: args.type?.join(','),
          status: args.status?.join(','),
          since: args.since,
          current_subpath: args.current_subpath ?? at.subpath ?? undefined,
          limit: args.limit ?? 10,
          cursor: args.cursor,
          explain: args.explain,
        });
        const corrections = Object.entries(list.query?.corrections ?? {}).map(([a, b]) => `${a} -> ${b}`);
        const head = `${count(list.items.length, 'memory', 'memories')} from ${at.project_key}${args.q ? ` for "${oneLine(args.q, 80)}"` : ''}${corrections.length ? ` (corrected: ${corrections.join(', ')})` : ''}:`;
        const lines = list.items.map((m) => {
          const tags = [m.type, m.status, ...m.flags.map((f) => f.replace('_', ' '))];
          const newer = m.superseded_by ? ` (superseded by ${m.superseded_by})` : '';
          return `- ${m.id} [${tags.join(', ')}] “${oneLine(m.content, 300)}”${newer}`;
        });
        const more = list.next_cursor ? [`More: call again with cursor ${list.next_cursor}`] : [];
        return {
          structured: { ...list, context: at },
          text: withContext(at, [head, ...lines, ...more].join('\n')),
        };
      }),
  );

  tools.add(
    'search_raw',
    {
      title: 'Search raw transcripts',
      description:
        "Search the current project's imported raw transcripts. Answers snippets around the hits, never whole messages; needs a role that may read raw transcripts.",
      inputSchema: SEARCH_RAW_INPUT,
      outputSchema: SEARCH_RAW_OUTPUT,
      annotations: readOnly(false),
    },
    (args) =>
      runTool(async (seen) => {
        const at = seen(await context.project(args));
        const found = await api.get('/v1/raw/search', rawSearchAnswer, {
          workspace_key: at.workspace_key,
          project_key: at.project_key,
          q: args.q,
          limit: args.limit,
          max_chars: args.max_chars,
        });
        const lines = found.items.map(
          (s) => `- ${s.message_id} (${s.role}, ${s.created_at}): ${oneLine(s.snippet, 2000)}`,
        );
        const head = `${count(found.items.length, 'raw snippet', 'raw snippets')} from ${at.project_key}:`;
        return { structured: { ...found, context: at }, text: withContext(at, [head, ...lines].join('\n')) };
      }),
  );
}
