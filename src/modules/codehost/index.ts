/** The public face of the code host module: what the app and the composition root use. */
export { codehostRoutes } from './routes.ts';
export { syncReposJob } from './sync-repos-job.ts';
export { syncPermissionsJob } from './sync-permissions-job.ts';
export { codehostWebhookRoutes } from './webhook-routes.ts';
export { webhookJob } from './webhook-job.ts';
export { scheduleDailyPermissionSyncs } from './nightly-permission-sync.ts';
