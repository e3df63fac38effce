/** The public face of the resolution module: what other modules, the CLI and the app may import from it. */
export { pathSegments } from './monorepo-subpath.ts';
export { resolutionRoutes } from './routes.ts';
export { resolutionAnswer } from './schemas.ts';
