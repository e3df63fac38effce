/** The public face of the projects module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { isKeySegment } from './project-key-shape.ts';
export { projectKey } from './project-key.ts';
export { requireProjectRole } from './access.ts';
export type { ProjectAccess } from './access.ts';
export { createProject } from './create-project.ts';
export { projectRoutes } from './routes.ts';
export { projectAnswer, projectList } from './schemas.ts';
export { projectMembers, projects } from './table.ts';
export type { ProjectRole, ProjectRow } from './table.ts';
