import { workspaceKey } from '../../../platform/http/fields.ts';
import { projectKey } from '../../tenancy/index.ts';

/** Optional arguments of every project-scoped tool: another workspace or project for one call. */
export const scopeArgs = {
  workspace_key: workspaceKey
    .optional()
    .describe('Workspace for this call only (default: the current workspace)'),
  project_key: projectKey
    .optional()
    .describe('Project for this call only, without switching or pinning (default: the current project)'),
};

/** The optional workspace argument of workspace-scoped tools (projects, tracker, wiki). */
export const workspaceArg = {
  workspace_key: workspaceKey
    .optional()
    .describe('Workspace for this call only (default: the current workspace)'),
};

/** Read-only tool hints; `openWorldHint` marks tools that reach an external system. */
export const readOnly = (openWorld: boolean) => ({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: openWorld,
});
