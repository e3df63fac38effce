/** The public face of the workspaces module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export {
  PROJECT_ROLES,
  assertWithinCeiling,
  projectRank,
  projectRoleOfRank,
  workspaceRank,
} from './roles.ts';
export {
  exactlyOneUserRef,
  memberAnswer,
  memberList,
  memberView,
  presentMember,
  userRefShape,
} from './member-schemas.ts';
export type { MemberView } from './member-schemas.ts';
export { accessRead } from './access-cache.ts';
export {
  callersMembership,
  requireServerAdmin,
  requireUser,
  requireWorkspaceRole,
  workspaceAccessOf,
} from './access.ts';
export type { WorkspaceAccess } from './access.ts';
export { findUser } from './user-lookup.ts';
export { memberPage } from './member-page.ts';
export { holdMembership } from './membership-locks.ts';
export { workspaceRoutes } from './routes.ts';
export { workspaceAnswer } from './schemas.ts';
export {
  MAX_PROJECT_MAPPINGS,
  RESOLUTION_SOURCES,
  mappingId,
  projectMappingAnswer,
  projectMappingFields,
  withNormalizedExternalId,
} from './settings.ts';
export { workspaceMembers, workspaces } from './table.ts';
export type { ProjectMapping } from './table.ts';
export { normalizedExternalId, normalizedSlug } from './mapping-external-id.ts';
export type { MappingKind } from './mapping-external-id.ts';
export { parseRemote, remoteIdentity, remoteProjectKey } from './repo-remote.ts';
export { updateWorkspaceSettings } from './update-workspace-settings.ts';
