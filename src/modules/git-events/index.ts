/** The public face of the git events module: what other modules, the CLI and the app may import from it. */
export { gitEventRoutes } from './routes.ts';
