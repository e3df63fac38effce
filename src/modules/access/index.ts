/** The public face of the access module: who the caller is, and what role they hold in a workspace or project. It reads the tenancy tables and imports no other module. */
export {
  PROJECT_ROLES,
  WORKSPACE_ROLES,
  assertWithinCeiling,
  projectRank,
  projectRoleOfRank,
  workspaceRank,
  workspaceRoleOfRank,
} from './roles.ts';
export { requireServerAdmin, requireUser, requireWorkspaceRole } from './workspace-access.ts';
export type { WorkspaceAccess } from './workspace-access.ts';
export { requireProjectRole } from './project-access.ts';
export type { ProjectAccess } from './project-access.ts';
