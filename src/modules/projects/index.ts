/** The public face of the projects module: what other modules, the CLI and the app may import from it. */
export { createProject } from './create-project.ts';
export { createLinkedProjects } from './create-linked-projects.ts';
export { applySyncedMemberships, type SyncedMembershipChange } from './apply-synced-memberships.ts';
export { projectRoutes } from './routes.ts';
export { projectAnswer, projectList } from './schemas.ts';
