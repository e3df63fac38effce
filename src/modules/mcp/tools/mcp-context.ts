import { z } from 'zod';
import { describedFor } from './tool-wording.ts';

/** Where a project-scoped tool call ran, and what `ensureContext` changed to get there. */
export const callContext = z.object({
  workspace_key: z.string(),
  project_key: z.string(),
  subpath: z
    .string()
    .nullable()
    .describe('The monorepo sub-path the client is in (recall boosts its memories), if any'),
  switched: z
    .object({
      from: z.string().nullable(),
      to: z.string(),
      reason: z.string(),
    })
    .optional()
    .describe('Present when this call selected or switched the current project'),
  notice: z
    .string()
    .optional()
    .describe('Something the user should know, e.g. a project detected but not switched to'),
});

/** A tool's output shape: its route's answer and where the call ran. */
export const withCallContext = <T extends z.ZodRawShape>(answer: z.ZodObject<T>) =>
  answer.extend({ context: callContext }).shape;
export type CallContext = z.output<typeof callContext>;

/** The adapter's current workspace and project: the answer of the context tools. */
export const contextState = z.object({
  workspace_key: z.string().nullable(),
  project: z.object({ key: z.string(), name: z.string().nullable() }).nullable(),
  subpath: z.string().nullable(),
  pinned: z
    .boolean()
    .describe('set_project pinned the project: no automatic switching until unset_project_pin'),
  source: describedFor(z.enum(['pinned', 'resolved', 'headers', 'arguments', 'none']), {
    stdio:
      'pinned: set_project; resolved: from the working directory (git) or SERVICE_PROJECT_KEY; headers: the X-Ctxhub-* headers of the remote endpoint; arguments: what set_workspace or set_project was given there',
    remote:
      'headers: the X-Ctxhub-Workspace / X-Ctxhub-Project headers; arguments: what set_workspace or set_project was given; none: no workspace given (pinned and resolved come from the local adapter, ctxhub mcp)',
  }),
  persistent: z
    .boolean()
    .describe('false on the remote /mcp endpoint, which keeps no session between requests'),
  notice: z.string().optional(),
});
export type ContextState = z.output<typeof contextState>;

/** What a call may name instead of the current context. */
export interface Given {
  workspace_key?: string | undefined;
  project_key?: string | undefined;
}

/**
 * Where the tools are: the stdio adapter's session (git, pin, auto-switch) or, on the remote
 * endpoint, the request's headers. A missing workspace or project throws a message saying how to
 * give one.
 */
export interface McpContext {
  workspace(given: Given): Promise<string>;
  /** `ensureContext`: the project a call runs in, resolving and switching where allowed. */
  project(given: Given): Promise<CallContext>;
  setWorkspace(workspaceKey: string): Promise<ContextState>;
  setProject(projectKey: string, workspaceKey?: string): Promise<ContextState>;
  unsetPin(): Promise<ContextState>;
  current(): Promise<ContextState>;
}

/** A project as `GET /v1/projects/:key` answers it (the fields the context needs). */
export interface ProjectView {
  key: string;
  name: string;
}
