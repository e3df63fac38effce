/** The public face of the ci-events module: what other modules, the CLI and the app may import from it. */
export { ciEventRoutes } from './routes.ts';
