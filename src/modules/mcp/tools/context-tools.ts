import { z } from 'zod';
import { workspaceKey } from '../../../platform/http/fields.ts';
import { pageQuery } from '../../../platform/http/pagination.ts';
import { projectList } from '../../projects/index.ts';
import { segment, type ApiPort } from './api-port.ts';
import { contextState, type ContextState, type McpContext } from './mcp-context.ts';
import type { ToolSet } from './tool-list.ts';
import { workspaceArg } from './tool-fields.ts';
import { count, runTool } from './tool-result.ts';
import { projectKey } from '../../tenancy/index.ts';

const sessionHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

function stateText(s: ContextState): string {
  const project = s.project ? `${s.project.key}${s.project.name ? ` (${s.project.name})` : ''}` : '(none)';
  return [
    `Workspace: ${s.workspace_key ?? '(none)'}`,
    `Project: ${project}${s.pinned ? ' [pinned]' : ''}`,
    ...(s.subpath ? [`Sub-path: ${s.subpath}`] : []),
    ...(s.notice ? [`Note: ${s.notice}`] : []),
  ].join('\n');
}

const answerState = async (state: Promise<ContextState>) => {
  const s = await state;
  return { structured: s, text: stateText(s) };
};

// Built once: a server is created for every request of the remote endpoint.
const SET_WORKSPACE_INPUT = { workspace_key: workspaceKey.describe('The workspace key, e.g. `acme`') };
const SET_PROJECT_INPUT = {
  project_key: projectKey,
  workspace_key: workspaceKey.optional().describe('Its workspace (default: the current workspace)'),
};
const LIST_PROJECTS_INPUT = {
  ...workspaceArg,
  limit: z.number().int().min(1).max(200).optional().describe('Page size (1-200, default 50)'),
  cursor: pageQuery.cursor,
};

/** set_workspace, set_project, unset_project_pin, get_current_project and list_projects. */
export function registerContextTools(tools: ToolSet, api: ApiPort, context: McpContext): void {
  tools.add(
    'set_workspace',
    {
      title: 'Set workspace',
      description: {
        stdio:
          'Use this ctxhub workspace from now on (you must be a member). The project is then resolved again from the working directory.',
        remote:
          'Check a ctxhub workspace (you must be a member). This endpoint keeps no session: send the workspace in the X-Ctxhub-Workspace header, or pass workspace_key to each tool.',
      },
      inputSchema: SET_WORKSPACE_INPUT,
      outputSchema: contextState.shape,
      annotations: sessionHints,
    },
    (args) => runTool(() => answerState(context.setWorkspace(args.workspace_key))),
  );

  tools.add(
    'set_project',
    {
      title: 'Set and pin project',
      description: {
        stdio:
          'Use this project from now on and pin it: no automatic switching (by working directory) until unset_project_pin.',
        remote:
          'Check a project you can read. This endpoint keeps no session: send the project in the X-Ctxhub-Project header, or pass project_key to each tool.',
      },
      inputSchema: SET_PROJECT_INPUT,
      outputSchema: contextState.shape,
      annotations: sessionHints,
    },
    (args) => runTool(() => answerState(context.setProject(args.project_key, args.workspace_key))),
  );

  tools.add(
    'unset_project_pin',
    {
      title: 'Unpin project',
      description: {
        stdio:
          "Release the project pinned by set_project: the project follows the working directory again, as the workspace's auto_switch settings allow.",
        remote:
          'Nothing is pinned on this endpoint (it keeps no session): answers the workspace and project the X-Ctxhub-Workspace and X-Ctxhub-Project headers name.',
      },
      inputSchema: {},
      outputSchema: contextState.shape,
      annotations: sessionHints,
    },
    () => runTool(() => answerState(context.unsetPin())),
  );

  tools.add(
    'get_current_project',
    {
      title: 'Current project',
      description: {
        stdio:
          'The current workspace and project, whether the project is pinned, and the monorepo sub-path of the working directory.',
        remote:
          'The workspace and project of this request: those the X-Ctxhub-Workspace and X-Ctxhub-Project headers name.',
      },
      inputSchema: {},
      outputSchema: contextState.shape,
      annotations: { ...sessionHints, readOnlyHint: true },
    },
    () => runTool(() => answerState(context.current())),
  );

  tools.add(
    'list_projects',
    {
      title: 'List projects',
      description: 'Projects of the workspace that you can read, with your role on each.',
      inputSchema: LIST_PROJECTS_INPUT,
      outputSchema: projectList.shape,
      annotations: { ...sessionHints, readOnlyHint: true },
    },
    (args) =>
      runTool(async () => {
        const workspace = await context.workspace(args);
        const list = await api.get(`/v1/workspaces/${segment(workspace)}/projects`, projectList, {
          limit: args.limit,
          cursor: args.cursor,
        });
        const lines = list.items.map((p) => `- ${p.key}: ${p.name} (${p.role})`);
        const more = list.next_cursor ? [`More: call again with cursor ${list.next_cursor}`] : [];
        return {
          structured: list,
          text: [
            `${count(list.items.length, 'project', 'projects')} in ${workspace}:`,
            ...lines,
            ...more,
          ].join('\n'),
        };
      }),
  );
}
