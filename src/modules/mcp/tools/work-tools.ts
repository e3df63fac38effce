import { z } from 'zod';
import { pageQuery } from '../../../platform/http/pagination.ts';
import { ITEM_STATUSES, itemList } from '../../active-work/index.ts';
import { oneLine } from '../../context/index.ts';
import { segment, type ApiPort } from './api-port.ts';
import { withCallContext, type McpContext } from './mcp-context.ts';
import type { ToolSet } from './tool-list.ts';
import { readOnly, scopeArgs } from './tool-fields.ts';
import { count, runTool, withContext } from './tool-result.ts';

// Built once: a server is created for every request of the remote endpoint.
const LIST_ACTIVE_WORK_INPUT = {
  status: z
    .array(z.enum(ITEM_STATUSES))
    .min(1)
    .optional()
    .describe('Only these statuses (default: active, stale and confirmed; closed only when asked)'),
  limit: z.number().int().min(1).max(200).optional().describe('How many (1-200, default 20)'),
  cursor: pageQuery.cursor,
  ...scopeArgs,
};
const LIST_ACTIVE_WORK_OUTPUT = withCallContext(itemList);

type Item = z.output<typeof itemList>['items'][number];

/** One line per item: status, title, then whose, where and how sure. */
function itemLine(item: Item): string {
  const who = item.people.map((p) => p.email ?? p.user_id).slice(0, 3);
  const facts = [
    ...who,
    item.branch,
    ...item.issue_keys.slice(0, 5),
    item.subpath,
    `last evidence ${item.last_evidence_at.slice(0, 10)}`,
    `confidence ${Math.round(item.confidence * 100)}%`,
  ].filter(Boolean);
  return `- ${item.id} [${item.status}] ${oneLine(item.title, 200)} (${facts.join(', ')})`;
}

/** list_active_work: who is working on what in the current project. */
export function registerWorkTools(tools: ToolSet, api: ApiPort, context: McpContext): void {
  tools.add(
    'list_active_work',
    {
      title: 'List active work',
      description:
        "Who is working on what in the current project: Active Work items inferred from the team's active_work and activity memories, commits, merges and CI runs, with their status (stale: no evidence for a while), people, branch and issue keys. Check it before starting on something a teammate may already be doing.",
      inputSchema: LIST_ACTIVE_WORK_INPUT,
      outputSchema: LIST_ACTIVE_WORK_OUTPUT,
      annotations: readOnly(false),
    },
    (args) =>
      runTool(async (seen) => {
        const at = seen(await context.project(args));
        const list = await api.get(`/v1/projects/${segment(at.project_key)}/active-work`, itemList, {
          workspace_key: at.workspace_key,
          status: args.status?.join(','),
          limit: args.limit ?? 20,
          cursor: args.cursor,
        });
        const head = `${count(list.items.length, 'Active Work item', 'Active Work items')} in ${at.project_key}:`;
        const more = list.next_cursor ? [`More: call again with cursor ${list.next_cursor}`] : [];
        return {
          structured: { ...list, context: at },
          text: withContext(at, [head, ...list.items.map(itemLine), ...more].join('\n')),
        };
      }),
  );
}
