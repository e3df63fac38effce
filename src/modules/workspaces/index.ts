/** The public face of the workspaces module: what other modules, the CLI and the app may import from it. */
export {
  exactlyOneUserRef,
  memberAnswer,
  memberList,
  memberView,
  presentMember,
  userRefShape,
} from './member-schemas.ts';
export type { MemberView } from './member-schemas.ts';
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
export { normalizedExternalId, normalizedSlug } from './mapping-external-id.ts';
export type { MappingKind } from './mapping-external-id.ts';
export { parseRemote, remoteIdentity, remoteProjectKey } from './repo-remote.ts';
export { updateWorkspaceSettings } from './update-workspace-settings.ts';
