/** The public face of the tenancy module: the tables of users, workspaces, projects and their members, and the shape of a project key. It imports no other module. */
export { isKeySegment } from './project-key-shape.ts';
export * from './memory-vocabulary.ts';
export { projectKey } from './project-key.ts';
export { projectMembers, projects, users, workspaceMembers, workspaces } from './table.ts';
export type {
  MembershipSource,
  ProjectMapping,
  ProjectRole,
  ProjectRow,
  UserRow,
  WorkspaceRole,
  WorkspaceRow,
} from './table.ts';
