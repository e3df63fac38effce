/** The public face of the code host module: what the app and the composition root use. */
export { codehostRoutes } from './routes.ts';
export { syncReposJob } from './sync-repos-job.ts';
