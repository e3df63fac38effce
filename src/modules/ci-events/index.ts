/** The public face of the ci-events module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { ciEventRoutes } from './routes.ts';
