import { projectAnswer } from '../projects/index.ts';
import { workspaceAnswer } from '../workspaces/index.ts';
import { segment, type ApiPort } from './tools/api-port.ts';
import type { CallContext, ContextState, Given, McpContext, ProjectView } from './tools/mcp-context.ts';

/** The request headers that name the context on the remote endpoint (validated by the route). */
export interface ContextHeaders {
  workspace?: string | undefined;
  project?: string | undefined;
}

const stateless = (headers: string) =>
  `The remote endpoint keeps no session between requests: send ${headers} with every request, or pass workspace_key and project_key to each tool.`;

/**
 * The context of the remote `/mcp` endpoint: the server cannot see the client's git, so the
 * workspace and project come from each call's arguments or the X-Ctxhub-Workspace /
 * X-Ctxhub-Project headers. Nothing persists: set_workspace and set_project check what they are
 * given and say which headers to send.
 */
export class HeaderContext implements McpContext {
  constructor(
    private readonly api: ApiPort,
    private readonly headers: ContextHeaders,
  ) {}

  async workspace(given: Given): Promise<string> {
    const key = given.workspace_key ?? this.headers.workspace;
    if (!key) throw new Error('No workspace: pass workspace_key, or send the X-Ctxhub-Workspace header.');
    return key;
  }

  async project(given: Given): Promise<CallContext> {
    const workspace_key = await this.workspace(given);
    // The header's project belongs to the header's workspace, never to one an argument names.
    const sameWorkspace = given.workspace_key === undefined || given.workspace_key === this.headers.workspace;
    const project_key = given.project_key ?? (sameWorkspace ? this.headers.project : undefined);
    if (!project_key) {
      throw new Error(
        sameWorkspace
          ? 'No project: pass project_key, or send the X-Ctxhub-Project header.'
          : `No project: pass project_key with workspace_key ${workspace_key} (X-Ctxhub-Project names a project of ${this.headers.workspace ?? 'no workspace'}).`,
      );
    }
    return { workspace_key, project_key, subpath: null };
  }

  async setWorkspace(workspaceKey: string): Promise<ContextState> {
    await this.api.get(`/v1/workspaces/${segment(workspaceKey)}`, workspaceAnswer);
    return this.state(workspaceKey, null, 'arguments', stateless(`X-Ctxhub-Workspace: ${workspaceKey}`));
  }

  async setProject(projectKey: string, workspaceKey?: string): Promise<ContextState> {
    const workspace = await this.workspace({ workspace_key: workspaceKey });
    const project = await this.projectView(workspace, projectKey);
    return this.state(
      workspace,
      project,
      'arguments',
      stateless(`X-Ctxhub-Workspace: ${workspace} and X-Ctxhub-Project: ${project.key}`),
    );
  }

  async unsetPin(): Promise<ContextState> {
    const state = await this.current();
    return { ...state, notice: `Nothing is pinned. ${stateless('the X-Ctxhub-* headers')}` };
  }

  async current(): Promise<ContextState> {
    const { workspace, project } = this.headers;
    if (!workspace) return this.state(null, null, 'none');
    return this.state(workspace, project ? await this.projectView(workspace, project) : null, 'headers');
  }

  private projectView(workspaceKey: string, projectKey: string): Promise<ProjectView> {
    return this.api.get(`/v1/projects/${segment(projectKey)}`, projectAnswer, {
      workspace_key: workspaceKey,
    });
  }

  private state(
    workspace: string | null,
    project: ProjectView | null,
    source: ContextState['source'],
    notice?: string,
  ): ContextState {
    return {
      workspace_key: workspace,
      project: project ? { key: project.key, name: project.name } : null,
      subpath: null,
      pinned: false,
      source,
      persistent: false,
      ...(notice ? { notice } : {}),
    };
  }
}
