/** The public face of the raw module: what other modules, the CLI and the app may import from it. */
export { requireRawAccess } from './raw-access.ts';
export { rawRoutes } from './routes.ts';
export { rawSearchAnswer } from './schemas.ts';
export { rawMessages, rawSessions } from './table.ts';
