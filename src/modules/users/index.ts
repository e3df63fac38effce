/** The public face of the users module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { meAnswer } from './schemas.ts';
export { users } from './table.ts';
export type { UserRow } from './table.ts';
export { bootstrapFirstAdmin } from './bootstrap-first-admin.ts';
export { resetAdminKey } from './reset-admin-key.ts';
export { userRoutes } from './routes.ts';
