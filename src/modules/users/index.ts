/** The public face of the users module: what other modules, the CLI and the app may import from it. */
export { meAnswer } from './schemas.ts';
export { bootstrapFirstAdmin } from './bootstrap-first-admin.ts';
export { resetAdminKey } from './reset-admin-key.ts';
export { userRoutes } from './routes.ts';
